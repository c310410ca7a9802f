// Writing config_relationships: an edge (config_id → related_id, relation) is owned by the scraper that
// reported it; reporting it again revives it. After a complete scrape the scraper's edges it did not
// report again are soft-deleted; other scrapers' edges are never touched.
import type { Queryable } from './queryable.js';

export interface RelationshipRow {
  config_id: string;
  related_id: string;
  relation: string;
}

/** Upsert edges seen at `now` for `scraperId`; returns how many. */
export async function writeRelationships(q: Queryable, scraperId: string | null, rows: RelationshipRow[], now: Date): Promise<number> {
  const unique = new Map(
    rows.filter((r) => r.config_id !== r.related_id).map((r) => [`${r.config_id}\u0000${r.related_id}\u0000${r.relation}`, r]),
  );
  if (unique.size === 0) return 0;
  const res = await q.query(
    `INSERT INTO config_relationships AS r (config_id, related_id, relation, scraper_id, created_at, updated_at)
     SELECT x.config_id, x.related_id, x.relation, $2, $3, $3
     FROM jsonb_to_recordset($1::jsonb) AS x(config_id uuid, related_id uuid, relation text)
     ON CONFLICT (config_id, related_id, relation, scraper_id) DO UPDATE SET deleted_at = NULL, updated_at = $3`,
    [JSON.stringify([...unique.values()]), scraperId, now],
  );
  return res.rowCount ?? 0;
}

/** Soft-delete the scraper's live edges not reported since `since`; returns how many. */
export async function deleteUnseenRelationships(q: Queryable, scraperId: string, since: Date): Promise<number> {
  const res = await q.query(
    'UPDATE config_relationships SET deleted_at = $2 WHERE scraper_id = $1 AND deleted_at IS NULL AND updated_at < $2',
    [scraperId, since],
  );
  return res.rowCount ?? 0;
}
