// Data access for canaries and their checks. Functions take the executor so apply can run them inside
// its transaction.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { CanariesTable, Database } from '../../db/schema.js';

export type CanaryRecord = Selectable<CanariesTable> & { created_by_name?: string | null };

export interface CanaryInput {
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
  labels: Record<string, string>;
  source: string;
  createdBy: string | null;
}

/** What a check row is made from when a canary is synced (or a transform creates one). */
export interface CheckInput {
  type: string;
  name: string;
  namespace: string;
  description: string;
  icon: string;
  labels: Record<string, string>;
  owner: string;
  severity: string;
  endpoint: string;
  spec: Record<string, unknown>;
  transformed: boolean;
}

/** Live check ids by identity `type/name`. */
export type CheckIds = Map<string, string>;

/** The key of a check identity within its canary: `type/name`. */
export const checkKey = (type: string, name: string): string => `${type}/${name}`;

/**
 * Insert a canary or change the live one with the same namespace and name. Answers the id and whether it
 * was created, updated, or already held exactly this spec, labels and source.
 */
export async function upsertCanary(
  db: Kysely<Database>,
  c: CanaryInput,
): Promise<{ id: string; action: 'created' | 'updated' | 'unchanged' }> {
  const row = await sql<{ id: string; inserted: boolean }>`
    INSERT INTO canaries (name, namespace, spec, labels, source, created_by)
    VALUES (${c.name}, ${c.namespace}, ${JSON.stringify(c.spec)}::jsonb, ${JSON.stringify(c.labels)}::jsonb, ${c.source}, ${c.createdBy})
    ON CONFLICT (namespace, name) WHERE deleted_at IS NULL DO UPDATE
      SET spec = excluded.spec, labels = excluded.labels, source = excluded.source, updated_at = now()
      WHERE canaries.spec IS DISTINCT FROM excluded.spec OR canaries.labels IS DISTINCT FROM excluded.labels
         OR canaries.source IS DISTINCT FROM excluded.source
    RETURNING id, xmax = 0 AS inserted`.execute(db);
  const hit = row.rows[0];
  if (hit) return { id: hit.id, action: hit.inserted ? 'created' : 'updated' };
  const live = await findCanary(db, { namespace: c.namespace, name: c.name });
  return { id: live!.id, action: 'unchanged' };
}

/** A live canary by id or by namespace and name, with its creator's name. */
export async function findCanary(
  db: Kysely<Database>,
  by: { id: string } | { namespace: string; name: string },
): Promise<CanaryRecord | undefined> {
  let q = db
    .selectFrom('canaries as c')
    .leftJoin('people as p', 'p.id', 'c.created_by')
    .selectAll('c')
    .select('p.name as created_by_name')
    .where('c.deleted_at', 'is', null);
  q = 'id' in by ? q.where('c.id', '=', by.id) : q.where('c.namespace', '=', by.namespace).where('c.name', '=', by.name);
  return q.executeTakeFirst();
}

/** The ids of the live canaries among namespace/name pairs. */
export async function liveCanaryIds(db: Kysely<Database>, keys: { namespace: string; name: string }[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const res = await sql<{ id: string }>`
    SELECT c.id FROM canaries c
    JOIN unnest(${keys.map((k) => k.namespace)}::text[], ${keys.map((k) => k.name)}::text[]) AS k(namespace, name)
      ON c.namespace = k.namespace AND c.name = k.name
    WHERE c.deleted_at IS NULL`.execute(db);
  return res.rows.map((r) => r.id);
}

/** A canary by id whether deleted or not (the scheduler syncs deletions too). */
export async function canaryById(db: Kysely<Database>, id: string): Promise<CanaryRecord | undefined> {
  return db.selectFrom('canaries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of live canaries, by namespace then name. */
export async function listCanaries(
  db: Kysely<Database>,
  q: { namespace?: string; limit: number; offset: number },
): Promise<CanaryRecord[]> {
  let query = db
    .selectFrom('canaries as c')
    .leftJoin('people as p', 'p.id', 'c.created_by')
    .selectAll('c')
    .select('p.name as created_by_name')
    .where('c.deleted_at', 'is', null)
    .orderBy('c.namespace')
    .orderBy('c.name')
    .limit(q.limit)
    .offset(q.offset);
  if (q.namespace) query = query.where('c.namespace', '=', q.namespace);
  return query.execute();
}

/** Soft-delete a live canary (its checks follow when it is synced); false when there is none. */
export async function softDeleteCanary(db: Kysely<Database>, id: string): Promise<boolean> {
  const res = await db
    .updateTable('canaries')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Insert or revive the checks of a canary; answers their ids by identity. */
export async function upsertChecks(db: Kysely<Database>, canaryId: string, agentId: string, checks: CheckInput[]): Promise<CheckIds> {
  const ids: CheckIds = new Map();
  if (checks.length === 0) return ids;
  const rows = await db
    .insertInto('checks')
    .values(
      checks.map((c) => ({
        canary_id: canaryId,
        agent_id: agentId,
        type: c.type,
        name: c.name,
        namespace: c.namespace,
        description: c.description || null,
        icon: c.icon || null,
        labels: JSON.stringify(c.labels),
        owner: c.owner || null,
        severity: c.severity || null,
        endpoint: c.endpoint || null,
        spec: JSON.stringify(c.spec),
        transformed: c.transformed,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['canary_id', 'type', 'name']).doUpdateSet((eb) => ({
        namespace: eb.ref('excluded.namespace'),
        description: eb.ref('excluded.description'),
        icon: eb.ref('excluded.icon'),
        labels: eb.ref('excluded.labels'),
        owner: eb.ref('excluded.owner'),
        severity: eb.ref('excluded.severity'),
        endpoint: eb.ref('excluded.endpoint'),
        spec: eb.ref('excluded.spec'),
        agent_id: eb.ref('excluded.agent_id'),
        transformed: eb.ref('excluded.transformed'),
        deleted_at: null,
        updated_at: sql`now()`,
      })),
    )
    .returning(['id', 'type', 'name'])
    .execute();
  for (const r of rows) ids.set(checkKey(r.type, r.name), r.id);
  return ids;
}

/** Soft-delete the live checks of a canary that are not in `keep` (all of them when keep is empty). */
export async function softDeleteChecks(
  db: Kysely<Database>,
  canaryId: string,
  keep: string[],
  opts: { keepTransformed: boolean },
): Promise<number> {
  let q = db
    .updateTable('checks')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('canary_id', '=', canaryId)
    .where('deleted_at', 'is', null);
  if (keep.length) q = q.where('id', 'not in', keep);
  if (opts.keepTransformed) q = q.where('transformed', '=', false);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** The live checks of a canary by identity. */
export async function liveCheckIds(db: Kysely<Database>, canaryId: string): Promise<CheckIds> {
  const rows = await db
    .selectFrom('checks')
    .select(['id', 'type', 'name'])
    .where('canary_id', '=', canaryId)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [checkKey(r.type, r.name), r.id]));
}

/** A live check with its canary (run-now), or undefined. */
export async function checkWithCanary(db: Kysely<Database>, checkId: string) {
  return db
    .selectFrom('checks as k')
    .innerJoin('canaries as c', 'c.id', 'k.canary_id')
    .select(['k.id', 'k.type', 'k.name', 'k.canary_id', 'k.transformed', 'c.agent_id'])
    .where('k.id', '=', checkId)
    .where('k.deleted_at', 'is', null)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
}
