// The SQL of global search: the best-named live config items and checks for a query. Each kind ranks an
// exact name first, then names starting with the query, then names (or types, canaries) containing it.
import type { SearchHit } from '@ops/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SearchPattern } from './search-pattern.js';

/**
 * How many "contains" matches are ranked at most. A broad query ('prod' on 100k items) matches a large
 * share of the catalogue; ordering all of it to show five would read every match. The first rows found
 * are ranked instead, while exact and prefix matches come from an ordered index scan and are never missed.
 */
const CONTAINS_CANDIDATES = 200;

/**
 * Config items by name or type. The prefix branch walks `config_items_name_prefix_idx` in order; the
 * contains branch uses the trigram indexes of migration 0025 where pg_trgm is installed (a scan otherwise).
 */
export async function searchConfigItems(db: Kysely<Database>, p: SearchPattern, limit: number): Promise<SearchHit[]> {
  const contains = p.contains
    ? sql`UNION
          (SELECT id FROM config_items
           WHERE deleted_at IS NULL AND (name ILIKE ${p.contains} OR type ILIKE ${p.contains})
           LIMIT ${CONTAINS_CANDIDATES})`
    : sql``;
  const { rows } = await sql<SearchHit>`
    WITH candidates AS (
      (SELECT id FROM config_items
       WHERE deleted_at IS NULL AND lower(name) COLLATE "C" LIKE ${p.prefix}
       ORDER BY lower(name) COLLATE "C", id
       LIMIT ${limit})
      ${contains}
    )
    SELECT ci.id::text AS id, coalesce(ci.name, ci.external_id[1], ci.id::text) AS name, ci.type,
           ci.tags->>'namespace' AS detail, ci.health
    FROM candidates JOIN config_items ci ON ci.id = candidates.id
    ORDER BY lower(ci.name) = ${p.lower} DESC, lower(ci.name) LIKE ${p.prefix} DESC,
             ci.name ILIKE ${p.contains ?? p.prefix} DESC, length(ci.name), ci.name, ci.id
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Live checks of live canaries by check name or canary name (hundreds to thousands of rows: no index needed). */
export async function searchChecks(db: Kysely<Database>, p: SearchPattern, limit: number): Promise<SearchHit[]> {
  const match = p.contains ?? p.prefix;
  const { rows } = await sql<SearchHit>`
    -- A check that never ran has no health yet, whatever its status column starts as.
    SELECT c.id::text AS id, c.name, c.type, cn.name AS detail,
           CASE WHEN c.last_runtime IS NULL THEN 'unknown' ELSE c.status END AS health
    FROM checks c JOIN canaries cn ON cn.id = c.canary_id
    WHERE c.deleted_at IS NULL AND cn.deleted_at IS NULL
      AND (c.name ILIKE ${match} OR cn.name ILIKE ${match})
    ORDER BY lower(c.name) = ${p.lower} DESC, lower(c.name) LIKE ${p.prefix} DESC,
             c.name ILIKE ${match} DESC, length(c.name), c.name, c.id
    LIMIT ${limit}`.execute(db);
  return rows;
}
