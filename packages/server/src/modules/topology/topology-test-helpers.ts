// Helpers of the topology read tests: components inserted with SQL the way a run leaves them (path of
// ancestor ids, depth), since the read side only reads what the engine wrote.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';

export interface SeedComponent {
  name: string;
  parent?: { id: string; path: string; depth: number };
  topologyId?: string;
  type?: string;
  health?: string;
  status?: string;
  labels?: Record<string, string>;
  hidden?: boolean;
  agentId?: string;
  summary?: Record<string, unknown>;
  properties?: unknown[];
  logs?: unknown[];
  externalId?: string;
  deleted?: boolean;
}

export interface SeededComponent {
  id: string;
  name: string;
  path: string;
  depth: number;
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** Inserts one component under its parent (path and depth from the parent); returns what children need. */
export async function insertComponent(db: Db, c: SeedComponent): Promise<SeededComponent> {
  const id = randomUUID();
  const path = c.parent ? (c.parent.path ? `${c.parent.path}.${c.parent.id}` : c.parent.id) : '';
  const depth = c.parent ? c.parent.depth + 1 : 0;
  await sql`
    INSERT INTO components (id, topology_id, parent_id, path, depth, name, type, health, status, labels, hidden,
                            agent_id, summary, properties, log_selectors, external_id, deleted_at)
    VALUES (${id}, ${c.topologyId ?? null}, ${c.parent?.id ?? null}, ${path}, ${depth}, ${c.name}, ${c.type ?? null},
            ${c.health ?? 'unknown'}, ${c.status ?? 'unknown'}, ${json(c.labels ?? {})}, ${c.hidden ?? false},
            coalesce(${c.agentId ?? null}::uuid, '00000000-0000-0000-0000-000000000000'), ${json(c.summary ?? {})},
            ${json(c.properties ?? [])}, ${json(c.logs ?? [])}, ${c.externalId ?? null},
            CASE WHEN ${c.deleted ?? false} THEN now() END)`.execute(db.kysely);
  return { id, name: c.name, path, depth };
}

/** A topology row to hang components on. */
export async function insertTopology(db: Db, name: string): Promise<string> {
  const res = await sql<{ id: string }>`INSERT INTO topologies (name, spec) VALUES (${name}, '{}') RETURNING id`.execute(db.kysely);
  return res.rows[0]!.id;
}

/** A canary with one check per name; returns check ids by name and the canary id. */
export async function insertChecks(
  db: Db,
  canary: string,
  checks: Array<{ name: string; status?: string }>,
): Promise<{ canaryId: string; ids: Record<string, string> }> {
  const c = await sql<{ id: string }>`INSERT INTO canaries (name, spec) VALUES (${canary}, '{}') RETURNING id`.execute(db.kysely);
  const canaryId = c.rows[0]!.id;
  const ids: Record<string, string> = {};
  for (const k of checks) {
    const r = await sql<{ id: string }>`
      INSERT INTO checks (canary_id, name, type, status) VALUES (${canaryId}, ${k.name}, 'http', ${k.status ?? 'healthy'})
      RETURNING id`.execute(db.kysely);
    ids[k.name] = r.rows[0]!.id;
  }
  return { canaryId, ids };
}

/** A config item of a type (its own external id, so several share a type); returns its id. */
export async function insertConfig(db: Db, name: string, type = 'Kubernetes::Pod'): Promise<string> {
  const r = await sql<{ id: string }>`
    INSERT INTO config_items (name, type, config_class, config, health, external_id)
    VALUES (${name}, ${type}, 'Pod', '{"spec": {}}', 'healthy', ARRAY[gen_random_uuid()::text]) RETURNING id`.execute(db.kysely);
  return r.rows[0]!.id;
}
