// Data access for playbooks themselves: live rows by id, by namespace and name, by webhook path, pages for
// `ops get`, and the apply path's upsert and soft delete. (`playbooks` is not typed in db/schema.ts: sql templates.)
import type { PlaybookSpec } from '@ops/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The columns a run or a menu reads of a live playbook, with the spec typed as the reader needs it. */
export type PlaybookHead<S> = Pick<PlaybookRow, 'id' | 'name' | 'namespace' | 'title' | 'icon' | 'description' | 'category'> & {
  spec: S;
};

export interface PlaybookRow {
  id: string;
  name: string;
  namespace: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string;
  spec: PlaybookSpec;
  source: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const COLUMNS = sql`id, name, namespace, title, icon, description, category, spec, source, created_by, created_at, updated_at, deleted_at`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live playbook by id (undefined for a malformed id too). */
export async function playbookById(db: Kysely<Database>, id: string): Promise<PlaybookRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await sql<PlaybookRow>`SELECT ${COLUMNS} FROM playbooks WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** A live playbook by namespace and name. */
export async function playbookByName(db: Kysely<Database>, namespace: string, name: string): Promise<PlaybookRow | undefined> {
  const { rows } = await sql<PlaybookRow>`
    SELECT ${COLUMNS} FROM playbooks WHERE namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** The live playbook whose `on.webhook.path` is `path` (one at most: a unique index holds it). */
export async function playbookByWebhookPath(db: Kysely<Database>, path: string): Promise<PlaybookRow | undefined> {
  const { rows } = await sql<PlaybookRow>`
    SELECT ${COLUMNS} FROM playbooks WHERE spec #>> '{on,webhook,path}' = ${path} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Every live playbook, by category and title (triggers and the runnable list filter them further). */
export async function livePlaybooks(db: Kysely<Database>): Promise<PlaybookRow[]> {
  const { rows } = await sql<PlaybookRow>`
    SELECT ${COLUMNS} FROM playbooks WHERE deleted_at IS NULL ORDER BY category, title, id`.execute(db);
  return rows;
}

/** A page of live playbooks by namespace and name, for `ops get playbooks`. */
export async function listPlaybooks(
  db: Kysely<Database>,
  q: { namespace?: string; limit: number; offset: number },
): Promise<PlaybookRow[]> {
  const ns = q.namespace ?? null;
  const { rows } = await sql<PlaybookRow>`
    SELECT ${COLUMNS} FROM playbooks WHERE deleted_at IS NULL AND (${ns}::text IS NULL OR namespace = ${ns})
    ORDER BY namespace, name LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
  return rows;
}

export interface PlaybookWrite {
  name: string;
  namespace: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string;
  spec: PlaybookSpec;
  source: string;
}

/** Insert a playbook or change the live one of the same namespace and name; says which. */
export async function upsertPlaybook(
  db: Kysely<Database>,
  w: PlaybookWrite,
  createdBy: string | null,
): Promise<{ id: string; action: 'created' | 'updated' | 'unchanged' }> {
  const { rows } = await sql<{ id: string; inserted: boolean }>`
    INSERT INTO playbooks (name, namespace, title, icon, description, category, spec, source, created_by)
    VALUES (${w.name}, ${w.namespace}, ${w.title}, ${w.icon}, ${w.description}, ${w.category}, ${JSON.stringify(w.spec)}::jsonb,
            ${w.source}, ${createdBy})
    ON CONFLICT (namespace, name) WHERE deleted_at IS NULL DO UPDATE
      SET title = excluded.title, icon = excluded.icon, description = excluded.description, category = excluded.category,
          spec = excluded.spec, source = excluded.source, updated_at = now()
      WHERE (playbooks.title, playbooks.icon, playbooks.description, playbooks.category, playbooks.spec, playbooks.source)
        IS DISTINCT FROM (excluded.title, excluded.icon, excluded.description, excluded.category, excluded.spec, excluded.source)
    RETURNING id, xmax = 0 AS inserted`.execute(db);
  const hit = rows[0];
  if (hit) return { id: hit.id, action: hit.inserted ? 'created' : 'updated' };
  const live = await playbookByName(db, w.namespace, w.name);
  return { id: live!.id, action: 'unchanged' };
}

/** The live playbook other than `except` that already listens on a webhook path, if any. */
export async function webhookPathOwner(db: Kysely<Database>, path: string, except: { namespace: string; name: string }) {
  const { rows } = await sql<{ namespace: string; name: string }>`
    SELECT namespace, name FROM playbooks
    WHERE spec #>> '{on,webhook,path}' = ${path} AND deleted_at IS NULL AND NOT (namespace = ${except.namespace} AND name = ${except.name})`.execute(
    db,
  );
  return rows[0];
}

/** Soft-delete a playbook (its runs stay, pointing at it); false when it was not live. */
export async function softDeletePlaybook(db: Kysely<Database>, id: string): Promise<boolean> {
  const res = await sql`UPDATE playbooks SET deleted_at = now(), updated_at = now() WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}
