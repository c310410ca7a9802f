// The catalogue summary from each item's counters (migrations 0008 and 0011, ADR 0006), in one pass over the
// filtered items plus the rows between each window's start and the counters' instant (the whole hour nearest
// to the default window's start): changes in the window are changes_count - changes_before, plus the change
// rows between the start and a later instant or minus those between an earlier instant and the start; open
// findings by type are the analysis_window_* columns corrected the same way by the open findings last
// observed in between. The statement returns the instant it read the counters for, so a move between
// reading it and the statement is noticed.
import { ANALYSIS_TYPES } from '@ops/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { groupExpression, itemConditions } from './item-filters.js';
import { completeScrapeJoin, lastScraped } from './last-scraped.js';
import { COUNTERS_REACH_MS, type SummaryQuery, type SummarySqlRow } from './summary-query.js';

// Our own constants, written into the statement as column names and string literals.
const TYPES = ANALYSIS_TYPES.map((type, i) => ({ type, column: `a${i}`, counter: `analysis_window_${type}` }));
const COUNTS = ['n', 'deleted', 'healthy', 'unhealthy', 'warning', 'changes'];

/** The instant the counters are kept for, or null before the first move. */
export async function counterWindowStart(db: Kysely<Database>): Promise<Date | null> {
  // catalog_summary_window (one row, kept by its SQL function) is not in db/schema.ts.
  const res = await sql<{ starts_at: Date }>`SELECT starts_at FROM catalog_summary_window`.execute(db);
  return res.rows[0]?.starts_at ?? null;
}

/** Whether both windows of `query` start close enough to `start` for the counters to be the cheaper way. */
export function countersHold(query: SummaryQuery, start: Date | null): boolean {
  const near = (since: Date) => start !== null && Math.abs(since.getTime() - start.getTime()) <= COUNTERS_REACH_MS;
  return near(query.changesSince) && near(query.analysisSince);
}

/**
 * Summary rows sorted by the group values, with the counters kept for `start` (counterWindowStart); null when
 * they were moved before the statement ran.
 */
export async function summaryByCounters(db: Kysely<Database>, query: SummaryQuery, start: Date): Promise<SummarySqlRow[] | null> {
  const groups = query.groupBy.map((g) => groupExpression(g));
  const where = sql.join(itemConditions(query), sql` AND `);
  const g = groups.map((_, i) => `g${i}`);
  const raw = sql.raw;
  // Rows between a window's start and the counters' instant: +1 when the instant is later (not yet counted),
  // -1 when it is earlier (counted, but before the window).
  const between = (column: string, since: Date) =>
    sql`${raw(column)} >= least(${since}::timestamptz, ${start}::timestamptz) AND ${raw(column)} < greatest(${since}::timestamptz, ${start}::timestamptz)`;
  const sign = (column: string, since: Date) => sql`CASE WHEN ${raw(column)} >= ${since}::timestamptz THEN 1 ELSE -1 END`;
  const lead = (cols: string[]) => raw(cols.map((c) => `${c}, `).join(''));
  const groupCols = sql.join(
    groups.map((e, i): RawBuilder<unknown> => sql`${e} AS ${raw(`g${i}`)}, `),
    sql``,
  );
  // About half an hour of rows for the default window (at most COUNTERS_REACH_MS for others): each finds its
  // item through the primary key (OFFSET 0 keeps the subquery a nested loop instead of a hash of every item).
  const itemGroups = (idColumn: string) =>
    sql`CROSS JOIN LATERAL (SELECT ${groupCols}true FROM config_items ci WHERE ci.id = ${raw(idColumn)} AND ${where} OFFSET 0) x`;
  const sameGroup = (other: string) => raw(g.map((c) => `s.${c} IS NOT DISTINCT FROM ${other}.${c}`).join(' AND ') || 'TRUE');
  const groupBy = (cols: string[]) => raw(g.length ? `GROUP BY ${cols.join(', ')}` : '');
  const analysisByType = sql.join(
    TYPES.map(
      (t) =>
        sql`coalesce(sum(${sign('a.last_observed', query.analysisSince)}) FILTER (WHERE a.analysis_type = ${raw(`'${t.type}'`)}), 0)::int AS ${raw(t.column)}`,
    ),
  );
  const text = sql<SummarySqlRow & { window_start: Date | null }>`
    WITH by_status AS (
      SELECT ${groupCols}coalesce(ci.status, '') AS status, count(*)::int AS n,
             count(*) FILTER (WHERE ci.deleted_at IS NOT NULL)::int AS deleted,
             count(*) FILTER (WHERE ci.health = 'healthy')::int AS healthy,
             count(*) FILTER (WHERE ci.health = 'unhealthy')::int AS unhealthy,
             count(*) FILTER (WHERE ci.health = 'warning')::int AS warning,
             sum(ci.changes_count) - sum(ci.changes_before) AS changes,
             sum(ci.cost_per_minute) AS cost_per_minute, sum(ci.cost_total_30d) AS cost_total_30d,
             max(ci.last_scraped_time) AS own_last_scraped, ci.scraper_id, ci.deleted_at IS NULL AS live,
             ${raw(TYPES.map((t) => `sum(ci.${t.counter}) AS ${t.column}`).join(', '))}
      FROM config_items ci WHERE ${where}
      GROUP BY ${lead(g)}coalesce(ci.status, ''), ci.scraper_id, ci.deleted_at IS NULL
    ), groups AS (
      -- The scrapers' complete scrapes are joined to these few rows instead of to every item.
      SELECT ${lead(g)}${raw(COUNTS.map((c) => `coalesce(sum(${c}), 0)::int AS ${c === 'n' ? 'count' : c}`).join(', '))},
             coalesce(sum(n - healthy - unhealthy - warning), 0)::int AS unknown,
             coalesce(sum(cost_per_minute), 0)::float8 AS cost_per_minute, coalesce(sum(cost_total_30d), 0)::float8 AS cost_total_30d,
             max(${raw(lastScraped('b.own_last_scraped', 'b.live'))}) AS last_scraped_time,
             ${raw(TYPES.map((t) => `coalesce(sum(${t.column}), 0)::int AS ${t.column}`).join(', '))}
      FROM by_status b ${raw(completeScrapeJoin('b'))}
      ${groupBy(g)}
    ), statuses AS (
      SELECT ${lead(g)}coalesce(jsonb_object_agg(status, n) FILTER (WHERE n > 0), '{}') AS status
      FROM (SELECT ${lead(g)}status, sum(n)::int AS n FROM by_status GROUP BY ${lead(g)}status) x
      ${groupBy(g)}
    ), partial_changes AS MATERIALIZED (
      SELECT ${lead(g.map((c) => `x.${c}`))}sum(pc.n)::int AS n
      FROM (SELECT config_id, sum(${sign('created_at', query.changesSince)})::int AS n FROM config_changes
            WHERE ${between('created_at', query.changesSince)} GROUP BY config_id) pc
      ${itemGroups('pc.config_id')}
      ${groupBy(g.map((c) => `x.${c}`))}
    ), partial_analysis AS MATERIALIZED (
      SELECT ${lead(g.map((c) => `x.${c}`))}${analysisByType}
      FROM config_analysis a
      ${itemGroups('a.config_id')}
      WHERE a.status = 'open' AND ${between('a.last_observed', query.analysisSince)}
      ${groupBy(g.map((c) => `x.${c}`))}
    )
    SELECT ${lead(g.map((c) => `s.${c}`))}s.count, s.deleted, s.healthy, s.unhealthy, s.warning, s.unknown,
           s.changes + coalesce(pc.n, 0) AS changes, s.cost_per_minute, s.cost_total_30d, s.last_scraped_time, st.status,
           jsonb_strip_nulls(jsonb_build_object(${raw(TYPES.map((t) => `'${t.type}', nullif(s.${t.column} + coalesce(pa.${t.column}, 0), 0)`).join(', '))})) AS analysis,
           (SELECT starts_at FROM catalog_summary_window) AS window_start
    FROM groups s
    JOIN statuses st ON ${sameGroup('st')}
    LEFT JOIN partial_changes pc ON ${sameGroup('pc')}
    LEFT JOIN partial_analysis pa ON ${sameGroup('pa')}
    ORDER BY ${raw(g.length ? g.map((c) => `s.${c} NULLS LAST`).join(', ') : '1')}`;
  const { rows } = await text.execute(db);
  if (rows.some((r) => r.window_start?.getTime() !== start.getTime())) return null;
  return rows.map(({ window_start: _, ...row }) => row as SummarySqlRow);
}
