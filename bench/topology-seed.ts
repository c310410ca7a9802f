// Seeds for issue 15's benchmark: (a) 50 topologies of 100 components each (a root, 9 groups, 90 leaves)
// with 20,000 checks linked four to a component, inserted with SQL and rolled up by the server's own
// function; (c) a 1,000,000-line log file in the formats a file backend autodetects.
import { createWriteStream } from 'node:fs';
import type pg from 'pg';

export const TOPOLOGIES = 50;
export const COMPONENTS_PER_TOPOLOGY = 100;
export const CHECKS_PER_COMPONENT = 4;

/** Inserts the topologies, components, one canary of checks per topology and their links; returns root ids. */
export async function seedDashboard(pool: pg.Pool): Promise<string[]> {
  await pool.query(`
    WITH t AS (
      INSERT INTO topologies (name, namespace, spec, source)
      SELECT 'bench-topology-' || g, 'bench', '{"components": []}'::jsonb, 'bench' FROM generate_series(1, ${TOPOLOGIES}) g
      RETURNING id, name
    )
    INSERT INTO components (topology_id, name, type, icon, path, depth, is_leaf, labels, properties)
    SELECT t.id, t.name, 'Application', 'Application', '', 0, false,
           jsonb_build_object('team', 'team-' || (right(t.name, 2)::int % 5)),
           '[{"name": "cpu", "value": 250, "unit": "millicores", "max": 1000}, {"name": "cost", "type": "currency", "value": 1234.5}]'::jsonb
    FROM t`);
  // Groups under each root, then leaves under each group; paths are the dot-joined ancestor ids.
  await pool.query(`
    INSERT INTO components (topology_id, parent_id, name, type, icon, path, depth, is_leaf, labels)
    SELECT r.topology_id, r.id, r.name || '-group-' || g, 'Group', 'Server', r.id::text, 1, false, r.labels
    FROM components r, generate_series(1, 9) g WHERE r.depth = 0 AND r.name LIKE 'bench-topology-%'`);
  await pool.query(`
    INSERT INTO components (topology_id, parent_id, name, type, icon, path, depth, is_leaf, labels, properties)
    SELECT p.topology_id, p.id, p.name || '-leaf-' || g, 'Pod', 'Pod', p.path || '.' || p.id::text, 2, true, p.labels,
           '[{"name": "memory", "value": 536870912, "unit": "bytes", "max": 1073741824}]'::jsonb
    FROM components p, generate_series(1, 10) g WHERE p.depth = 1 AND p.name LIKE 'bench-topology-%'`);
  // One canary per topology with 400 checks; every component links four of them; a tenth fail.
  await pool.query(`
    INSERT INTO canaries (name, namespace, spec, source)
    SELECT 'bench-canary-' || g, 'bench', '{}'::jsonb, 'bench' FROM generate_series(1, ${TOPOLOGIES}) g`);
  await pool.query(`
    INSERT INTO checks (canary_id, name, type, status)
    SELECT c.id, c.name || '-check-' || g, 'http', CASE WHEN g % 10 = 0 THEN 'unhealthy' ELSE 'healthy' END
    FROM canaries c, generate_series(1, ${COMPONENTS_PER_TOPOLOGY * CHECKS_PER_COMPONENT}) g WHERE c.name LIKE 'bench-canary-%'`);
  await pool.query(`
    WITH comp AS (
      SELECT c.id, t.name AS topology, row_number() OVER (PARTITION BY c.topology_id ORDER BY c.depth, c.name) AS n
      FROM components c JOIN topologies t ON t.id = c.topology_id WHERE t.name LIKE 'bench-topology-%'
    ), chk AS (
      SELECT k.id, k.canary_id, replace(ca.name, 'bench-canary-', 'bench-topology-') AS topology,
             row_number() OVER (PARTITION BY k.canary_id ORDER BY k.name) AS n
      FROM checks k JOIN canaries ca ON ca.id = k.canary_id WHERE ca.name LIKE 'bench-canary-%'
    )
    INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id)
    SELECT comp.id, chk.id, chk.canary_id, 'bench'
    FROM comp JOIN chk ON chk.topology = comp.topology AND (chk.n - 1) / ${CHECKS_PER_COMPONENT} + 1 = comp.n`);
  const roots = await pool.query<{ id: string }>(
    `SELECT id FROM components WHERE depth = 0 AND name LIKE 'bench-topology-%' ORDER BY name`,
  );
  return roots.rows.map((r) => r.id);
}

const LEVELS = ['info', 'info', 'info', 'warn', 'error', 'debug'];

/** Writes `lines` log lines (JSON, logfmt and plain in turn), one second apart, ending now. */
export async function writeLogFile(file: string, lines: number): Promise<void> {
  const out = createWriteStream(file);
  const start = Date.now() - lines * 1000;
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  let chunk = '';
  for (let i = 0; i < lines; i++) {
    const ts = new Date(start + i * 1000).toISOString();
    const level = LEVELS[i % LEVELS.length]!;
    const msg = `request ${i} served path=/api/items/${i % 997} see https://example.test/trace/${i}`;
    chunk +=
      i % 3 === 0
        ? `${JSON.stringify({ time: ts, level, msg, request_id: `r-${i}` })}\n`
        : i % 3 === 1
          ? `time=${ts} level=${level} msg="${msg}" request_id=r-${i}\n`
          : `${ts} ${level.toUpperCase()} ${msg}\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}
