// Data access for topologies themselves: the applied documents, by id or by namespace and name.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

export interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  agent_id: string;
  icon: string | null;
  spec: Record<string, unknown>;
  labels: Record<string, string>;
  source: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = sql`id, name, namespace, agent_id, icon, spec, labels, source, created_at, updated_at`;

/** A live topology by id (undefined for a malformed id too). */
export async function topologyById(db: Kysely<Database>, id: string): Promise<TopologyRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await sql<TopologyRow>`SELECT ${COLUMNS} FROM topologies WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** A live topology by namespace and name. */
export async function topologyByName(db: Kysely<Database>, namespace: string, name: string): Promise<TopologyRow | undefined> {
  const { rows } = await sql<TopologyRow>`
    SELECT ${COLUMNS} FROM topologies WHERE namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** A page of live topologies, by namespace and name. */
export async function listTopologies(
  db: Kysely<Database>,
  q: { namespace?: string; limit: number; offset: number },
): Promise<TopologyRow[]> {
  const { rows } = await sql<TopologyRow>`
    SELECT ${COLUMNS} FROM topologies WHERE deleted_at IS NULL AND (${q.namespace ?? null}::text IS NULL OR namespace = ${q.namespace ?? null})
    ORDER BY namespace, name LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
  return rows;
}

export interface TopologyWrite {
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
  labels: Record<string, string>;
  icon: string | null;
  source: string;
}

/** Insert a topology or change the live one of the same namespace and name; says which. */
export async function upsertTopology(
  db: Kysely<Database>,
  w: TopologyWrite,
  createdBy: string | null,
): Promise<{ id: string; action: 'created' | 'updated' | 'unchanged' }> {
  const { rows } = await sql<{ id: string; inserted: boolean }>`
    INSERT INTO topologies (name, namespace, spec, labels, icon, source, created_by)
    VALUES (${w.name}, ${w.namespace}, ${JSON.stringify(w.spec)}::jsonb, ${JSON.stringify(w.labels)}::jsonb, ${w.icon}, ${w.source}, ${createdBy})
    ON CONFLICT (namespace, name) WHERE deleted_at IS NULL DO UPDATE
      SET spec = excluded.spec, labels = excluded.labels, icon = excluded.icon, source = excluded.source, updated_at = now()
      WHERE topologies.spec IS DISTINCT FROM excluded.spec OR topologies.labels IS DISTINCT FROM excluded.labels
         OR topologies.icon IS DISTINCT FROM excluded.icon OR topologies.source IS DISTINCT FROM excluded.source
    RETURNING id, xmax = 0 AS inserted`.execute(db);
  const hit = rows[0];
  if (hit) return { id: hit.id, action: hit.inserted ? 'created' : 'updated' };
  const live = await topologyByName(db, w.namespace, w.name);
  return { id: live!.id, action: 'unchanged' };
}

/** Soft-delete a topology with its components; false when it was not live. */
export async function softDeleteTopology(db: Kysely<Database>, id: string): Promise<boolean> {
  const res = await sql`UPDATE topologies SET deleted_at = now(), updated_at = now() WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  if (Number(res.numAffectedRows ?? 0) === 0) return false;
  await sql`UPDATE components SET deleted_at = now(), updated_at = now() WHERE topology_id = ${id} AND deleted_at IS NULL`.execute(db);
  return true;
}
