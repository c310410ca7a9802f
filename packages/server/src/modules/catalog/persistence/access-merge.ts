// Folding merged-away external entities into their winner: rows that reference a loser (access records,
// memberships, access logs) are re-pointed to the winner, collisions de-duplicated (the oldest access
// record survives; access-log counts add up), and the loser is soft-deleted with merged_into set.
import { ENTITY_TABLES, type EntityKind } from './access-lookup.js';
import type { Queryable } from './queryable.js';

export interface MergePair {
  loser: string;
  winner: string;
}

const ACCESS_COLUMN: Record<EntityKind, string> = {
  users: 'external_user_id',
  groups: 'external_group_id',
  roles: 'external_role_id',
};

// The pairs as a relation, in every statement below.
const PAIRS =
  'pairs AS (SELECT DISTINCT loser, winner FROM jsonb_to_recordset($1::jsonb) AS p(loser uuid, winner uuid) WHERE loser <> winner)';

/** Re-point everything that references a loser to its winner and soft-delete the losers (winners must exist). */
export async function mergeLosers(q: Queryable, kind: EntityKind, pairs: readonly MergePair[], now: Date): Promise<void> {
  if (pairs.length === 0) return;
  const json = JSON.stringify(pairs);
  await mergeAccess(q, ACCESS_COLUMN[kind], json, now);
  if (kind !== 'roles') await mergeMemberships(q, ACCESS_COLUMN[kind], json);
  if (kind === 'users') await mergeAccessLogs(q, json);
  await q.query(
    `WITH ${PAIRS}
     UPDATE ${ENTITY_TABLES[kind]} e SET merged_into = pairs.winner, deleted_at = coalesce(e.deleted_at, $2), updated_at = $2
     FROM pairs WHERE e.id = pairs.loser`,
    [json, now],
  );
}

// Live access records that would coincide once re-pointed keep only the oldest; then the rest move.
async function mergeAccess(q: Queryable, column: string, json: string, now: Date): Promise<void> {
  const others = ['external_user_id', 'external_group_id', 'external_role_id'].filter((c) => c !== column).map((c) => `ca.${c}`);
  await q.query(
    `WITH ${PAIRS},
     target AS (SELECT loser AS id, winner FROM pairs UNION SELECT winner, winner FROM pairs),
     ranked AS (
       SELECT ca.id, row_number() OVER (PARTITION BY ca.config_id, t.winner, ${others.join(', ')} ORDER BY ca.created_at, ca.id) AS n
       FROM config_access ca JOIN target t ON ca.${column} = t.id WHERE ca.deleted_at IS NULL
     )
     UPDATE config_access c SET deleted_at = $2, updated_at = $2 FROM ranked r WHERE c.id = r.id AND r.n > 1`,
    [json, now],
  );
  await q.query(
    `WITH ${PAIRS}
     UPDATE config_access c SET ${column} = pairs.winner, updated_at = $2 FROM pairs WHERE c.${column} = pairs.loser`,
    [json, now],
  );
}

// Memberships move per owning scraper; a membership already on the winner stays live if either was live.
async function mergeMemberships(q: Queryable, column: string, json: string): Promise<void> {
  const other = column === 'external_user_id' ? 'external_group_id' : 'external_user_id';
  await q.query(
    `WITH ${PAIRS}
     INSERT INTO external_user_groups AS g (${column}, ${other}, scraper_id, created_at, deleted_at)
     SELECT pairs.winner, m.${other}, m.scraper_id, min(m.created_at),
            CASE WHEN bool_or(m.deleted_at IS NULL) THEN NULL ELSE max(m.deleted_at) END
     FROM external_user_groups m JOIN pairs ON m.${column} = pairs.loser
     GROUP BY pairs.winner, m.${other}, m.scraper_id
     ON CONFLICT (external_user_id, external_group_id, scraper_id) DO UPDATE SET
       created_at = least(g.created_at, EXCLUDED.created_at),
       deleted_at = CASE WHEN g.deleted_at IS NULL OR EXCLUDED.deleted_at IS NULL THEN NULL
                         ELSE greatest(g.deleted_at, EXCLUDED.deleted_at) END`,
    [json],
  );
  await q.query(`WITH ${PAIRS} DELETE FROM external_user_groups m USING pairs WHERE m.${column} = pairs.loser`, [json]);
}

// One log row per (item, user, scraper): the losers' rows are summed into the winner's.
async function mergeAccessLogs(q: Queryable, json: string): Promise<void> {
  await q.query(
    `WITH ${PAIRS}
     INSERT INTO config_access_logs AS l (config_id, external_user_id, scraper_id, created_at, first_observed, mfa, count, properties)
     SELECT cal.config_id, pairs.winner, cal.scraper_id, max(cal.created_at), min(cal.first_observed),
            (array_agg(cal.mfa ORDER BY cal.created_at DESC))[1], sum(cal.count)::int,
            (array_agg(cal.properties ORDER BY cal.created_at DESC))[1]
     FROM config_access_logs cal JOIN pairs ON cal.external_user_id = pairs.loser
     GROUP BY cal.config_id, pairs.winner, cal.scraper_id
     ON CONFLICT (config_id, external_user_id, scraper_id) DO UPDATE SET
       count = l.count + EXCLUDED.count,
       created_at = greatest(l.created_at, EXCLUDED.created_at),
       first_observed = least(l.first_observed, EXCLUDED.first_observed),
       mfa = CASE WHEN EXCLUDED.created_at >= l.created_at THEN EXCLUDED.mfa ELSE l.mfa END,
       properties = CASE WHEN EXCLUDED.created_at >= l.created_at THEN EXCLUDED.properties ELSE l.properties END`,
    [json],
  );
  await q.query(`WITH ${PAIRS} DELETE FROM config_access_logs l USING pairs WHERE l.external_user_id = pairs.loser`, [json]);
}
