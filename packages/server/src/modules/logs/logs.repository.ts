// The rows a logs query reads: a component's log selectors, log backends by id, name or kind, and the
// logs feature flag. Plain SQL through Kysely: these tables have no typed service of their own here.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ComponentLogsRow {
  id: string;
  name: string;
  log_selectors: unknown;
}

export interface BackendRow {
  id: string;
  name: string;
  spec: unknown;
}

/** A live component and its `logs:` entries. */
export async function componentLogs(db: Kysely<Database>, id: string): Promise<ComponentLogsRow | undefined> {
  const { rows } = await sql<ComponentLogsRow>`
    SELECT id, name, log_selectors FROM components WHERE id = ${id}::uuid AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** A live backend by id. */
export async function backendById(db: Kysely<Database>, id: string): Promise<BackendRow | undefined> {
  const { rows } = await sql<BackendRow>`
    SELECT id, name, spec FROM logging_backends WHERE id = ${id}::uuid AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** A live backend by name. */
export async function backendByName(db: Kysely<Database>, name: string): Promise<BackendRow | undefined> {
  const { rows } = await sql<BackendRow>`
    SELECT id, name, spec FROM logging_backends WHERE name = ${name} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Up to two live backends (by name) whose spec is of this one kind (any kind when undefined): the first is used. */
export async function backendOfKind(db: Kysely<Database>, kind: string | undefined): Promise<BackendRow[]> {
  const { rows } = await sql<BackendRow>`
    SELECT id, name, spec FROM logging_backends
    WHERE deleted_at IS NULL AND (${kind ?? null}::text IS NULL OR spec ? ${kind ?? ''})
      AND (SELECT count(*) FROM jsonb_object_keys(CASE jsonb_typeof(spec) WHEN 'object' THEN spec ELSE '{}' END)) = 1
    ORDER BY name LIMIT 2`.execute(db);
  return rows;
}

/** The properties that can turn the logs feature off, as name → value. */
export async function logsFlagProperties(db: Kysely<Database>): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; value: string }>`
    SELECT name, value FROM properties WHERE name IN ('logs.disable')`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}
