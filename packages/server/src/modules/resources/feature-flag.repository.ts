import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Source of rows written by `POST /api/resources/apply` (the UI writes 'db'; the properties file 'local'). */
export const APPLY_SOURCE = 'apply';
/** Rows from the local properties file: read-only through every API. */
export const LOCAL_SOURCE = 'local';

export interface FeatureFlagRow {
  name: string;
  value: string;
  source: string;
  created_at: Date;
  updated_at: Date;
  created_by_name: string | null;
}

/**
 * Insert a flag or change its value in one statement (safe against concurrent applies).
 * Answers undefined when nothing changed: the row is local or already holds this value.
 */
export async function upsertFlag(
  db: Kysely<Database>,
  name: string,
  value: string,
  personId: string,
): Promise<'created' | 'updated' | undefined> {
  const row = await db
    .insertInto('properties')
    .values({ name, value, source: APPLY_SOURCE, created_by: personId })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ value: (eb) => eb.ref('excluded.value'), source: APPLY_SOURCE, updated_at: sql`now()` })
        .where('properties.source', '<>', LOCAL_SOURCE)
        .where((eb) => eb.or([eb('properties.value', '<>', eb.ref('excluded.value')), eb('properties.source', '<>', APPLY_SOURCE)])),
    )
    // xmax is 0 on a freshly inserted row and set on a row that ON CONFLICT updated.
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirst();
  if (!row) return undefined;
  return row.inserted ? 'created' : 'updated';
}

/** The source of a flag, or undefined when there is no such flag. */
export async function flagSource(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('properties').select('source').where('name', '=', name).executeTakeFirst();
  return row?.source;
}

/** Flags ordered by name, with the creator's name. */
export async function listFlags(db: Kysely<Database>, limit: number, offset: number, name?: string): Promise<FeatureFlagRow[]> {
  let q = db
    .selectFrom('properties as p')
    .leftJoin('people as c', 'c.id', 'p.created_by')
    .select(['p.name', 'p.value', 'p.source', 'p.created_at', 'p.updated_at', 'c.name as created_by_name'])
    .orderBy('p.name')
    .limit(limit)
    .offset(offset);
  if (name !== undefined) q = q.where('p.name', '=', name);
  return q.execute();
}

/** Delete a flag unless it is local; true when a row went. */
export async function deleteFlag(db: Kysely<Database>, name: string): Promise<boolean> {
  const rows = await db.deleteFrom('properties').where('name', '=', name).where('source', '<>', LOCAL_SOURCE).returning('name').execute();
  return rows.length > 0;
}
