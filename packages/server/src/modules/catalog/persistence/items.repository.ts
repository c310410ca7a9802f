// Bulk reads and writes of config_items for the scrape writer: one statement per batch, rows passed as
// one JSON parameter (jsonb_to_recordset), so a 1,000-item batch is one round trip.
import type { Queryable } from './queryable.js';

/** What the writer needs to know of a stored item to decide create / update / unchanged. */
export interface StoredItem {
  id: string;
  type: string;
  eid: string;
  hash: string | null;
  /** scraped_text_hash: equal for an item scraped again as the same JSON text (migration 0013). */
  textHash: string | null;
  deleted: boolean;
  path: string | null;
  properties: unknown;
}

/** A row to insert or update; `id` is set by the writer for new items too. */
export interface ItemRow {
  id: string;
  scraper_id: string | null;
  agent_id: string;
  external_id: string[];
  type: string;
  config_class: string;
  name: string | null;
  description: string | null;
  source: string | null;
  config: unknown;
  format: string;
  config_hash: string;
  scraped_text_hash: string;
  parent_id: string | null;
  path: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  properties: unknown[] | null;
  status: string | null;
  health: string;
  ready: boolean;
  created_at: string | null;
  deleted_at: string | null;
  delete_reason: string | null;
  // Present only when the scrape reported them: a row without them hashes as it did before costs existed.
  cost_per_minute?: number;
  cost_total_1d?: number;
  cost_total_7d?: number;
  cost_total_30d?: number;
}

/** Every item of a scraper (live and deleted) keyed by `type\0external id`. */
export async function loadScraperItems(q: Queryable, scraperId: string): Promise<Map<string, StoredItem>> {
  const res = await q.query<StoredItem>(
    `SELECT id, type, external_id[1] AS eid, config_hash AS hash, scraped_text_hash AS "textHash",
            deleted_at IS NOT NULL AS deleted, path,
            CASE WHEN properties IS NULL OR properties = '[]'::jsonb THEN NULL ELSE properties END AS properties
     FROM config_items WHERE scraper_id = $1`,
    [scraperId],
  );
  const out = new Map<string, StoredItem>();
  for (const r of res.rows) out.set(itemKey(r.type, r.eid), r);
  return out;
}

/** The map key of an item. */
export function itemKey(type: string, externalId: string): string {
  return `${type}\u0000${externalId}`;
}

/** Stored bodies of some items. */
export async function loadBodies(q: Queryable, ids: string[]): Promise<Map<string, unknown>> {
  if (ids.length === 0) return new Map();
  const res = await q.query<{ id: string; config: unknown }>('SELECT id, config FROM config_items WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(res.rows.map((r) => [r.id, r.config]));
}

/** Insert new items and overwrite changed ones; `now` becomes updated_at (of changed) and last_scraped_time. */
export async function upsertItems(q: Queryable, rows: ItemRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO config_items AS ci (id, scraper_id, agent_id, external_id, type, config_class, name, description, source, config,
        format, config_hash, scraped_text_hash, parent_id, path, labels, tags, properties, status, health, ready, created_at,
        updated_at, deleted_at, delete_reason, last_scraped_time, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d)
     SELECT x.id, x.scraper_id, x.agent_id, x.external_id, x.type, x.config_class, x.name, x.description, x.source, x.config,
        x.format, x.config_hash, x.scraped_text_hash, x.parent_id, x.path, x.labels, x.tags, x.properties, x.status, x.health,
        x.ready, coalesce(x.created_at, $2), $2, x.deleted_at, x.delete_reason, $2,
        x.cost_per_minute, x.cost_total_1d, x.cost_total_7d, x.cost_total_30d
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, scraper_id uuid, agent_id uuid, external_id text[], type text,
        config_class text, name text, description text, source text, config jsonb, format text, config_hash text,
        scraped_text_hash text, parent_id uuid, path text, labels jsonb, tags jsonb, properties jsonb, status text, health text,
        ready boolean, created_at timestamptz, deleted_at timestamptz, delete_reason text, cost_per_minute float8,
        cost_total_1d float8, cost_total_7d float8, cost_total_30d float8)
     ON CONFLICT (id) DO UPDATE SET
        external_id = excluded.external_id, config_class = excluded.config_class, name = excluded.name,
        description = excluded.description, source = excluded.source, config = excluded.config, format = excluded.format,
        config_hash = excluded.config_hash, scraped_text_hash = excluded.scraped_text_hash, parent_id = excluded.parent_id,
        path = excluded.path, labels = excluded.labels, tags = excluded.tags,
        properties = coalesce(excluded.properties, ci.properties), status = excluded.status, health = excluded.health,
        ready = excluded.ready,
        created_at = CASE WHEN excluded.created_at = $2 THEN ci.created_at ELSE excluded.created_at END,
        updated_at = $2, deleted_at = excluded.deleted_at, delete_reason = excluded.delete_reason, last_scraped_time = $2,
        cost_per_minute = excluded.cost_per_minute, cost_total_1d = excluded.cost_total_1d,
        cost_total_7d = excluded.cost_total_7d, cost_total_30d = excluded.cost_total_30d`,
    [JSON.stringify(rows), now],
  );
}

/** Record that unchanged items were seen now (by a partial or incremental scrape: see recordCompleteScrape). */
export async function touchItems(q: Queryable, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await q.query('UPDATE config_items SET last_scraped_time = $2 WHERE id = ANY($1::uuid[])', [ids, now]);
}

/**
 * Store the text hash of unchanged items scraped as a different text (keys reordered) or first hashed so
 * (after migration 0013): their next scrape then recognises them without sorting.
 */
export async function storeTextHashes(q: Queryable, rows: Pick<ItemRow, 'id' | 'scraped_text_hash'>[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE config_items ci SET scraped_text_hash = x.hash
     FROM unnest($1::uuid[], $2::text[]) AS x(id, hash) WHERE ci.id = x.id`,
    [rows.map((r) => r.id), rows.map((r) => r.scraped_text_hash)],
  );
}

/**
 * Soft-delete the scraper's live items other than `seen` (the ids of this scrape's items): only called
 * after a complete scrape. Returns the ids deleted.
 */
export async function deleteUnseen(q: Queryable, scraperId: string, seen: string[], now: Date, reason: string): Promise<string[]> {
  const res = await q.query<{ id: string }>(
    `UPDATE config_items SET deleted_at = $3, delete_reason = $4, updated_at = $3
     WHERE scraper_id = $1 AND deleted_at IS NULL AND NOT (id = ANY($2::uuid[]))
     RETURNING id`,
    [scraperId, seen, now, reason],
  );
  return res.rows.map((r) => r.id);
}

/**
 * Record a complete scrape of `scraperId` at `now`. Every item it still has live was seen then, which is
 * what the last_scraped_time of the configs view reads (migration 0009), so unchanged items are not touched.
 */
export async function recordCompleteScrape(q: Queryable, scraperId: string, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO config_scraper_complete_scrapes AS c (scraper_id, scraped_at) VALUES ($1, $2)
     ON CONFLICT (scraper_id) DO UPDATE SET scraped_at = greatest(c.scraped_at, excluded.scraped_at)`,
    [scraperId, now],
  );
}

/** Soft-delete items by id (a change rule's `delete` action); returns those that were live. */
export async function deleteItems(q: Queryable, ids: string[], now: Date, reason: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const res = await q.query<{ id: string }>(
    'UPDATE config_items SET deleted_at = $2, delete_reason = $3, updated_at = $2 WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL RETURNING id',
    [ids, now, reason],
  );
  return res.rows.map((r) => r.id);
}
