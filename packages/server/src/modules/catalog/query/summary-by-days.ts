// The catalogue summary for any changes window, in one statement: items filtered and grouped; per group the
// counts by health and status, changes in the window (per-day buckets for whole days plus the rows of the
// partial first day), open analysis by type in the analysis window, and cost sums. summary.repository.ts
// uses it when the item counters (summary-by-counters.ts) do not hold the window's first day.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { groupExpression, itemConditions } from './item-filters.js';
import { COMPLETE_SCRAPE_JOIN, LAST_SCRAPED } from './last-scraped.js';
import { firstWholeDay, type SummaryQuery, type SummarySqlRow } from './summary-query.js';

/** Summary rows (columns g0…, counts, `status` and `analysis` objects), sorted by the group values. */
export async function summaryByDays(db: Kysely<Database>, query: SummaryQuery): Promise<SummarySqlRow[]> {
  const groups = query.groupBy.map((g) => groupExpression(g));
  const where = sql.join(itemConditions(query), sql` AND `);
  const g = groups.map((_, i) => `g${i}`);
  const since = query.changesSince;
  const firstFullDay = firstWholeDay(query.changesSince);
  const dayParam = firstFullDay.toISOString().slice(0, 10);
  const dayStart = firstFullDay;
  const analysisSince = query.analysisSince;
  const raw = sql.raw;
  const sameGroup = (a: string, b: string) => raw(g.map((c) => `${a}.${c} IS NOT DISTINCT FROM ${b}.${c}`).join(' AND ') || 'TRUE');
  // Our own column lists (g0…), written into the statement as text.
  const list = (cols: string[], tail = '') => raw(`${cols.join(', ')}${cols.length ? tail : ''}`);
  const groupBy = (cols: string[]) => raw(g.length ? `GROUP BY ${cols.join(', ')}` : '');
  const groupCols = groups.length ? sql`${sql.join(groups.map((e, i) => sql`${e} AS ${raw(`g${i}`)}`))},` : sql``;
  const text = sql<SummarySqlRow>`
    WITH items AS MATERIALIZED (
      SELECT ci.id, ${groupCols}
             ci.health, ci.status, ci.deleted_at, ci.cost_per_minute, ci.cost_total_30d, ${raw(LAST_SCRAPED)} AS last_scraped_time
      FROM config_items ci ${raw(COMPLETE_SCRAPE_JOIN)} WHERE ${where}
    ), ch AS (
      SELECT config_id, sum(n)::bigint AS n FROM (
        SELECT config_id, n FROM config_change_daily WHERE day >= ${dayParam}::date
        UNION ALL
        SELECT config_id, count(*) FROM config_changes WHERE created_at >= ${since} AND created_at < ${dayStart} GROUP BY config_id
      ) x GROUP BY config_id
    ), base AS (
      SELECT ${list(
        g.map((c) => `i.${c}`),
        ',',
      )} count(*)::int AS count,
             count(*) FILTER (WHERE i.deleted_at IS NOT NULL)::int AS deleted,
             count(*) FILTER (WHERE i.health = 'healthy')::int AS healthy,
             count(*) FILTER (WHERE i.health = 'unhealthy')::int AS unhealthy,
             count(*) FILTER (WHERE i.health = 'warning')::int AS warning,
             count(*) FILTER (WHERE i.health NOT IN ('healthy', 'unhealthy', 'warning'))::int AS unknown,
             coalesce(sum(ch.n), 0)::int AS changes,
             coalesce(sum(i.cost_per_minute), 0)::float8 AS cost_per_minute,
             coalesce(sum(i.cost_total_30d), 0)::float8 AS cost_total_30d,
             max(i.last_scraped_time) AS last_scraped_time
      FROM items i LEFT JOIN ch ON ch.config_id = i.id
      ${groupBy(g.map((c) => `i.${c}`))}
    ), st AS (
      SELECT ${list(g, ',')} jsonb_object_agg(status, n) AS status FROM (
        SELECT ${list(g, ',')} coalesce(status, '') AS status, count(*)::int AS n FROM items
        GROUP BY ${list([...g, "coalesce(status, '')"])}) s
      ${groupBy(g)}
    ), an AS (
      SELECT ${list(g, ',')} jsonb_object_agg(analysis_type, n) AS analysis FROM (
        SELECT ${list(
          g.map((c) => `i.${c}`),
          ',',
        )} a.analysis_type, count(*)::int AS n
        FROM items i JOIN config_analysis a ON a.config_id = i.id
        WHERE a.status = 'open' AND a.last_observed >= ${analysisSince}
        GROUP BY ${list([...g.map((c) => `i.${c}`), 'a.analysis_type'])}) s
      ${groupBy(g)}
    )
    SELECT base.*, coalesce(st.status, '{}') AS status, coalesce(an.analysis, '{}') AS analysis
    FROM base LEFT JOIN st ON ${sameGroup('base', 'st')} LEFT JOIN an ON ${sameGroup('base', 'an')}
    ORDER BY ${raw(g.length ? g.map((c) => `base.${c} NULLS LAST`).join(', ') : '1')}`;
  return (await text.execute(db)).rows;
}
