// config_scrapers rows: the stored ScrapeConfigs, found by id or by (agent, namespace, name).
import type { Queryable } from '../persistence/queryable.js';

export interface ScraperRecord {
  id: string;
  name: string;
  namespace: string;
  description: string | null;
  spec: Record<string, unknown>;
  labels: Record<string, string>;
  schedule: string;
  source: string | null;
  agent_id: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

const COLUMNS =
  'id, name, namespace, description, spec, labels, schedule, source, agent_id, created_by, created_at, updated_at, deleted_at';
export const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live scraper by id (undefined for a malformed id too). */
export async function scraperById(q: Queryable, id: string): Promise<ScraperRecord | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const res = await q.query<ScraperRecord>(`SELECT ${COLUMNS} FROM config_scrapers WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return res.rows[0];
}

/** A live local scraper by namespace and name. */
export async function scraperByName(q: Queryable, namespace: string, name: string): Promise<ScraperRecord | undefined> {
  const res = await q.query<ScraperRecord>(
    `SELECT ${COLUMNS} FROM config_scrapers WHERE agent_id = $1 AND namespace = $2 AND name = $3 AND deleted_at IS NULL`,
    [LOCAL_AGENT, namespace, name],
  );
  return res.rows[0];
}

/** Live local scrapers, by namespace and name. */
export async function listScrapers(q: Queryable, opts: { namespace?: string; limit: number; offset: number }): Promise<ScraperRecord[]> {
  const res = await q.query<ScraperRecord>(
    `SELECT ${COLUMNS} FROM config_scrapers WHERE agent_id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR namespace = $2)
     ORDER BY namespace, name LIMIT $3 OFFSET $4`,
    [LOCAL_AGENT, opts.namespace ?? null, opts.limit, opts.offset],
  );
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
export async function insertScraper(q: Queryable, w: ScraperWrite, createdBy: string | null): Promise<string> {
  const res = await q.query<{ id: string }>(
    `INSERT INTO config_scrapers (name, namespace, description, spec, labels, source, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [w.name, w.namespace, w.description, JSON.stringify(w.spec), JSON.stringify(w.labels), w.source, createdBy],
  );
  return res.rows[0]!.id;
}

/** Overwrite a scraper's spec, labels and description. */
export async function updateScraper(q: Queryable, id: string, w: ScraperWrite): Promise<void> {
  await q.query(`UPDATE config_scrapers SET description = $2, spec = $3, labels = $4, source = $5, updated_at = now() WHERE id = $1`, [
    id,
    w.description,
    JSON.stringify(w.spec),
    JSON.stringify(w.labels),
    w.source,
  ]);
}

/** Soft-delete a scraper (its items stay, as history, until retention). */
export async function softDeleteScraper(q: Queryable, id: string): Promise<boolean> {
  const res = await q.query('UPDATE config_scrapers SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL', [id]);
  return (res.rowCount ?? 0) > 0;
}
