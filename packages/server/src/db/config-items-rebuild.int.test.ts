// Migration 0012 rebuilds config_items with the summary's columns first (ADR 0008) from the catalog's own
// description of the table. On a database holding items, changes, findings and relationships from the
// migrations before it: every row and value survives, the columns come in the new order, and the views,
// indexes, constraints, foreign keys (both ways) and the trigger are all there and still work.
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.js';
import { migrate, MIGRATIONS_DIR } from './migrate.js';

const REBUILD = '0012_config_items_summary_columns_first.sql';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
const dir = mkdtempSync(path.join(tmpdir(), 'mig-rebuild-'));

/** Copy the real migrations up to (`through` false: before) the rebuild into the test's directory. */
function stage(through: boolean): void {
  for (const f of readdirSync(MIGRATIONS_DIR)
    .filter((x) => x.endsWith('.sql'))
    .sort()) {
    if (f > REBUILD || (f === REBUILD && !through)) continue;
    copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  }
}

const snapshot = async () =>
  (await pool.query("SELECT to_jsonb(ci) - 'id' AS row, id FROM config_items ci ORDER BY id")).rows.map((r) => ({ id: r.id, ...r.row }));
const catalogObjects = async () => ({
  indexes: (await pool.query("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'config_items' ORDER BY 1")).rows,
  constraints: (
    await pool.query(
      `SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid = 'config_items'::regclass OR confrelid = 'config_items'::regclass ORDER BY 1, 2`,
    )
  ).rows,
  triggers: (await pool.query("SELECT tgname FROM pg_trigger WHERE tgrelid = 'config_items'::regclass AND NOT tgisinternal ORDER BY 1"))
    .rows,
  views: (
    await pool.query(
      `SELECT viewname FROM pg_views WHERE viewname IN ('configs', 'config_detail', 'config_names', 'config_types', 'config_tags',
         'config_labels', 'config_statuses', 'config_scrapers_with_status') ORDER BY 1`,
    )
  ).rows,
  options: (await pool.query("SELECT reloptions FROM pg_class WHERE oid = 'config_items'::regclass")).rows[0].reloptions,
});

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
  stage(false);
  await migrate(pool, dir);
  const scraper = (
    await pool.query<{ id: string }>(`INSERT INTO config_scrapers (name, spec, source) VALUES ('s', '{}', 'test') RETURNING id`)
  ).rows[0]!.id;
  await pool.query(
    `INSERT INTO config_items (id, scraper_id, type, config_class, name, config, tags, labels, status, health, parent_id, external_id,
       cost_per_minute, last_scraped_time)
     VALUES ('00000000-0000-0000-0000-0000000000a1', $1, 'Kubernetes::Node', 'Node', 'node-1', '{"b": 1, "a": [1, 2]}',
             '{"cluster": "c1"}', '{"role": "worker"}', 'Ready', 'healthy', NULL, ARRAY['n1'], 0.5, now()),
            ('00000000-0000-0000-0000-0000000000a2', $1, 'Kubernetes::Pod', 'Pod', 'pod-1', '{"x": "y"}',
             '{"namespace": "ns"}', '{}', 'Running', 'warning', '00000000-0000-0000-0000-0000000000a1', ARRAY['p1', 'alias'], NULL, now())`,
    [scraper],
  );
  await pool.query(
    `INSERT INTO config_changes (config_id, change_type, severity) VALUES ('00000000-0000-0000-0000-0000000000a2', 'diff', 'info')`,
  );
  await pool.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, status) VALUES ('00000000-0000-0000-0000-0000000000a2', 'x', 'security', 'open')`,
  );
  await pool.query(
    `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ('00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000a2', 'NodePod')`,
  );
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('migration 0012 (config_items rebuilt, summary columns first)', () => {
  it('keeps every row, value, view, index, constraint and trigger, with the new column order', async () => {
    const before = { rows: await snapshot(), objects: await catalogObjects() };
    expect(before.objects.views).toHaveLength(8);
    stage(true);
    expect((await migrate(pool, dir)).applied).toEqual([REBUILD]);
    expect(await snapshot()).toEqual(before.rows);
    expect(await catalogObjects()).toEqual(before.objects);
    const columns = (
      await pool.query<{ attname: string }>(
        "SELECT attname FROM pg_attribute WHERE attrelid = 'config_items'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum",
      )
    ).rows.map((r) => r.attname);
    expect(columns.slice(0, 4)).toEqual(['id', 'scraper_id', 'deleted_at', 'last_scraped_time']);
    expect(columns.indexOf('analysis_window_other')).toBeLessThan(columns.indexOf('type'));
    expect(columns.indexOf('labels')).toBeLessThan(columns.indexOf('external_id'));
    // The views read the new table: counters kept by the triggers show through configs.
    const { rows } = await pool.query("SELECT name, changes, analysis FROM configs WHERE name = 'pod-1'");
    expect(rows).toEqual([{ name: 'pod-1', changes: 1, analysis: { security: 1 } }]);
  });

  it('still enforces the foreign keys both ways and runs the trigger and the counters', async () => {
    await expect(
      pool.query(
        `INSERT INTO config_changes (config_id, change_type, severity) VALUES ('00000000-0000-0000-0000-0000000000ff', 'diff', 'info')`,
      ),
    ).rejects.toThrow(/foreign key/);
    await pool.query(
      `INSERT INTO config_changes (config_id, change_type, severity) VALUES ('00000000-0000-0000-0000-0000000000a2', 'diff', 'info')`,
    );
    expect((await pool.query("SELECT changes_count FROM config_items WHERE name = 'pod-1'")).rows[0].changes_count).toBe(2);
    // config_items_keep_last_seen: an item leaving keeps the last time it was seen.
    await pool.query("UPDATE config_items SET deleted_at = now() WHERE name = 'pod-1'");
    expect((await pool.query("SELECT last_scraped_time IS NOT NULL AS kept FROM config_items WHERE name = 'pod-1'")).rows[0].kept).toBe(
      true,
    );
    // Deleting the node: its relationship goes (cascade) and the pod's parent link is cleared (set null).
    await pool.query("DELETE FROM config_items WHERE name = 'node-1'");
    expect((await pool.query('SELECT count(*)::int AS n FROM config_relationships')).rows[0].n).toBe(0);
    expect((await pool.query("SELECT parent_id FROM config_items WHERE name = 'pod-1'")).rows[0].parent_id).toBeNull();
  });
});
