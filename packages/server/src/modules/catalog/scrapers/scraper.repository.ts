// config_scrapers rows: the stored ScrapeConfigs, found by id or by (agent, namespace, name). The table is
// not typed in db/schema.ts, so statements are Kysely `sql` (ADR 0012).
import { isUuid } from '@ops/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Q = Kysely<Database>;

export interface ScraperRecord {
  id: string;
  name: string;
  namespace: string;
  description: string | null;
  spec: Record<string, unknown>;
  labels: Record<string, string>;
  source: string | null;
  agent_id: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const COLUMNS = sql.raw('id, name, namespace, description, spec, labels, source, agent_id, created_by, created_at, updated_at, deleted_at');
export const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

/** A live scraper by id (undefined for a malformed id too). */
export async function scraperById(db: Q, id: string): Promise<ScraperRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const res = await sql<ScraperRecord>`SELECT ${COLUMNS} FROM config_scrapers WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return res.rows[0];
}

/** A live local scraper by namespace and name. */
export async function scraperByName(db: Q, namespace: string, name: string): Promise<ScraperRecord | undefined> {
  const res = await sql<ScraperRecord>`
    SELECT ${COLUMNS} FROM config_scrapers
    WHERE agent_id = ${LOCAL_AGENT} AND namespace = ${namespace} AND name = ${name} AND deleted_at IS NULL`.execute(db);
  return res.rows[0];
}

/** Live local scrapers, by namespace and name. */
export async function listScrapers(db: Q, opts: { namespace?: string; limit: number; offset: number }): Promise<ScraperRecord[]> {
  const res = await sql<ScraperRecord>`
    SELECT ${COLUMNS} FROM config_scrapers
    WHERE agent_id = ${LOCAL_AGENT} AND deleted_at IS NULL AND (${opts.namespace ?? null}::text IS NULL OR namespace = ${opts.namespace ?? null})
    ORDER BY namespace, name LIMIT ${opts.limit} OFFSET ${opts.offset}`.execute(db);
  return res.rows;
}

export interface ScraperWrite {
  name: string;
  namespace: string;
  description: string | null;
  spec: Record<string, unknown>;
  labels: Record<string, string>;
  source: string;
}

/** Insert a scraper; returns its id. */
export async function insertScraper(db: Q, w: ScraperWrite, createdBy: string | null): Promise<string> {
  const res = await sql<{ id: string }>`
    INSERT INTO config_scrapers (name, namespace, description, spec, labels, source, created_by)
    VALUES (${w.name}, ${w.namespace}, ${w.description}, ${JSON.stringify(w.spec)}, ${JSON.stringify(w.labels)}, ${w.source}, ${createdBy})
    RETURNING id`.execute(db);
  return res.rows[0]!.id;
}

/** Overwrite a scraper's spec, labels and description. */
export async function updateScraper(db: Q, id: string, w: ScraperWrite): Promise<void> {
  await sql`
    UPDATE config_scrapers SET description = ${w.description}, spec = ${JSON.stringify(w.spec)}, labels = ${JSON.stringify(w.labels)},
      source = ${w.source}, updated_at = now()
    WHERE id = ${id}`.execute(db);
}

/** Soft-delete a scraper (its items stay, as history, until retention). */
export async function softDeleteScraper(db: Q, id: string): Promise<boolean> {
  const res = await sql`UPDATE config_scrapers SET deleted_at = now(), updated_at = now() WHERE id = ${id} AND deleted_at IS NULL`.execute(
    db,
  );
  return Number(res.numAffectedRows ?? 0) > 0;
}
