// The summary query: live checks matching a filter with uptime, latency and recent runs over a range,
// aggregated in SQL from raw rows (short ranges, exact) or rollups plus raw edges (long ranges).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db } from '../../db/pool.js';
import type { Database } from '../../db/schema.js';
import { filterConditions, narrows, type CheckFilter } from './check-filters.js';
import { RECENT_KEPT } from './check-results.repository.js';
import { HIST_COLUMNS } from './latency-bins.js';
import type { Span, SummaryPlan } from './summary-plan.js';

/** One summary row as the database returns it (timestamps as Dates, figures possibly null). */
export interface SummaryDbRow {
  id: string;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  name: string;
  namespace: string;
  type: string;
  icon: string | null;
  status: string;
  labels: Record<string, string>;
  severity: string | null;
  description: string | null;
  endpoint: string | null;
  owner: string | null;
  agent_id: string;
  last_runtime: Date | null;
  next_runtime: Date | null;
  last_transition_time: Date | null;
  created_at: Date;
  updated_at: Date;
  spec?: Record<string, unknown>;
  passed: number | null;
  failed: number | null;
  last_pass: Date | null;
  last_fail: Date | null;
  avg: number | null;
  percentiles: number[] | null;
  rolling1h: number | null;
  recent: Array<{ time: string; status: boolean; duration: number; message?: string | null; error?: string | null }>;
}

export interface SummaryOptions {
  filter: CheckFilter;
  plan: SummaryPlan;
  now: Date;
  /** Recent runs per row (within the range), newest first. */
  statuses: number;
  /** Add the check spec and the recent runs' message and error (the /api call). */
  detailed?: boolean;
}

const PERCENTILES = sql`ARRAY[0.5, 0.95, 0.97, 0.99]::float8[]`;
const hist = sql.raw(HIST_COLUMNS.join(', '));
const histSums = sql.raw(`ARRAY[${HIST_COLUMNS.map((h) => `sum(${h})`).join(', ')}]::bigint[]`);
const histFromBins = sql.raw(HIST_COLUMNS.map((h, i) => `count(*) FILTER (WHERE bin = ${i}) AS ${h}`).join(', '));

/** Runs the summary; rows are ordered by canary, then check name. */
export async function querySummary(db: Db, o: SummaryOptions): Promise<SummaryDbRow[]> {
  return inSummaryTx(
    db,
    async (trx) => (await sql<SummaryDbRow>`${rowsQuery(o)} ORDER BY canary_namespace, canary_name, name, type`.execute(trx)).rows,
  );
}

// Percentiles sort every run of the range: in memory, not spilled to disk; a planned statement this
// size is not worth JIT compiling (it costs more than the query saves).
export const SUMMARY_SETTINGS = `SELECT set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`;

async function inSummaryTx<T>(db: Db, body: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    await sql.raw(SUMMARY_SETTINGS).execute(trx);
    return body(trx);
  });
}

// One row per live check matching the filter, with its figures over the plan's range.
function rowsQuery(o: SummaryOptions): RawBuilder<unknown> {
  const { where, stats } = summaryParts(o);
  return sql`
    SELECT c.id, c.canary_id, ca.name AS canary_name, ca.namespace AS canary_namespace, c.name, c.namespace, c.type, c.icon,
           c.status, c.labels, c.severity, c.description, c.endpoint, c.owner, c.agent_id, c.last_runtime, c.next_runtime,
           c.last_transition_time, c.created_at, c.updated_at ${o.detailed ? sql`, c.spec` : sql``},
           st.passed, st.failed, st.last_pass, st.last_fail, st.avg, st.percentiles, st.rolling1h,
           ${o.detailed ? detailedRecent(o) : latestRuns(o.statuses)} AS recent
    FROM checks c
    JOIN canaries ca ON ca.id = c.canary_id
    LEFT JOIN (${stats}) st ON st.check_id = c.id
    WHERE ${where}`;
}

// The filter on checks (c) and canaries (ca), and the per-check figures over the plan's range.
export function summaryParts(o: SummaryOptions): { where: RawBuilder<unknown>; stats: RawBuilder<unknown> } {
  const where = sql.join(filterConditions(o.filter), sql` AND `);
  // Without a filter every live check is wanted: aggregate the window as a whole (parallel-safe), and
  // let the join drop rows of deleted checks.
  const only = narrows(o.filter)
    ? sql`AND s.check_id IN (SELECT c.id FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ${where})`
    : sql``;
  const hourAgo = new Date(o.now.getTime() - 3_600_000);
  const stats =
    o.plan.mode === 'raw'
      ? rawStats(o.plan.range, hourAgo, o.now, only)
      : o.plan.mode === 'latest'
        ? latestStats(o.plan.until, o.now, only)
        : rollupStats(o.plan, hourAgo, o.now, only);
  return { where, stats };
}

// The latest runs the result writer keeps on the check (newest first): no lookup per row.
export function latestRuns(n: number): RawBuilder<unknown> {
  if (n <= 0) return sql`'[]'::jsonb`;
  if (n >= RECENT_KEPT) return sql`c.recent_statuses`;
  return sql`jsonb_path_query_array(c.recent_statuses, ${`$[0 to ${Math.floor(n) - 1}]`}::jsonpath)`;
}

// The /api call: the latest runs in the range with their message and error, read from check_statuses.
function detailedRecent(o: SummaryOptions): RawBuilder<unknown> {
  return sql`(SELECT coalesce(json_agg(json_build_object('time', r.time, 'status', r.status, 'duration', r.duration, 'message', r.message, 'error', r.error) ORDER BY r.time DESC), '[]'::json)
     FROM (SELECT s.time, s.status, s.duration, s.message, s.error FROM check_statuses s
           WHERE s.check_id = c.id AND s.time >= ${o.plan.range.from} AND s.time < ${o.plan.range.to}
           ORDER BY s.time DESC LIMIT ${o.statuses}) r)`;
}

// The last hour as the check-summary job computed it, topped up with the runs since: counts and last
// pass/fail are current; percentiles are the job's (or, for a check new since, of its runs so far).
function latestStats(until: Date, now: Date, only: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT coalesce(s.check_id, d.check_id) AS check_id,
           coalesce(s.passed, 0) + coalesce(d.passed, 0) AS passed, coalesce(s.failed, 0) + coalesce(d.failed, 0) AS failed,
           greatest(s.last_pass, d.last_pass) AS last_pass, greatest(s.last_fail, d.last_fail) AS last_fail,
           (coalesce(s.avg * (s.passed + s.failed), 0) + coalesce(d.dsum, 0)) / nullif(coalesce(s.passed + s.failed, 0) + coalesce(d.n, 0), 0) AS avg,
           coalesce(s.percentiles, d.percentiles) AS percentiles,
           (coalesce(s.avg * (s.passed + s.failed), 0) + coalesce(d.dsum, 0)) / nullif(coalesce(s.passed + s.failed, 0) + coalesce(d.n, 0), 0) AS rolling1h,
           CASE WHEN d.check_id IS NULL THEN s.stats_json END AS stats_json
    FROM (SELECT s.* FROM check_summary_1h s WHERE true ${only}) s
    FULL JOIN (
      SELECT s.check_id, count(*) FILTER (WHERE s.status) AS passed, count(*) FILTER (WHERE NOT s.status) AS failed,
             max(s.time) FILTER (WHERE s.status) AS last_pass, max(s.time) FILTER (WHERE NOT s.status) AS last_fail,
             sum(s.duration)::float8 AS dsum, count(*) AS n,
             percentile_cont(${PERCENTILES}) WITHIN GROUP (ORDER BY s.duration) AS percentiles
      FROM check_statuses s WHERE s.time >= ${until} AND s.time < ${now} ${only}
      GROUP BY s.check_id
    ) d ON d.check_id = s.check_id`;
}

// Exact figures from raw rows; the scan also covers the last hour for the rolling average.
function rawStats(range: Span, hourAgo: Date, now: Date, only: RawBuilder<unknown>): RawBuilder<unknown> {
  const inRange = sql`s.time >= ${range.from} AND s.time < ${range.to}`;
  const lastHour = sql`s.time >= ${hourAgo} AND s.time < ${now}`;
  return sql`
    SELECT s.check_id,
           count(*) FILTER (WHERE ${inRange} AND s.status) AS passed,
           count(*) FILTER (WHERE ${inRange} AND NOT s.status) AS failed,
           max(s.time) FILTER (WHERE ${inRange} AND s.status) AS last_pass,
           max(s.time) FILTER (WHERE ${inRange} AND NOT s.status) AS last_fail,
           avg(s.duration) FILTER (WHERE ${inRange})::float8 AS avg,
           percentile_cont(${PERCENTILES}) WITHIN GROUP (ORDER BY s.duration) FILTER (WHERE ${inRange}) AS percentiles,
           avg(s.duration) FILTER (WHERE ${lastHour})::float8 AS rolling1h, NULL::text AS stats_json
    FROM check_statuses s
    WHERE ((${inRange}) OR (${lastHour})) ${only}
    GROUP BY s.check_id`;
}

// Rollup rows for whole buckets, raw rows binned the same way for the edges, merged per check;
// percentiles come from the merged latency histogram.
function rollupStats(
  plan: Extract<SummaryPlan, { mode: 'rollup' }>,
  hourAgo: Date,
  now: Date,
  only: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const cols = sql`check_id, passed, failed, dsum, dcount, dmin, dmax, last_pass, last_fail, ${hist}`;
  const rollup = (table: string, spans: Span[]): RawBuilder<unknown> =>
    sql`SELECT check_id, passed, failed, duration_sum AS dsum, duration_count AS dcount, duration_min AS dmin, duration_max AS dmax,
               last_pass, last_fail, ${hist}
        FROM ${sql.table(table)} s WHERE (${within(sql`bucket`, spans)}) ${only}`;
  const parts: RawBuilder<unknown>[] = [];
  if (plan.hourly.length) parts.push(rollup('check_statuses_1h', plan.hourly));
  if (plan.daily.length) parts.push(rollup('check_statuses_1d', plan.daily));
  if (plan.raw.length) {
    parts.push(sql`
      SELECT check_id, count(*) FILTER (WHERE status) AS passed, count(*) FILTER (WHERE NOT status) AS failed,
             sum(duration) AS dsum, count(*) AS dcount, min(duration) AS dmin, max(duration) AS dmax,
             max(time) FILTER (WHERE status) AS last_pass, max(time) FILTER (WHERE NOT status) AS last_fail, ${histFromBins}
      FROM (SELECT check_id, status, duration, time, width_bucket(duration, check_latency_bounds()) AS bin
            FROM check_statuses s WHERE (${within(sql`time`, plan.raw)}) ${only}) b
      GROUP BY check_id`);
  }
  return sql`
    SELECT p.check_id, sum(p.passed)::int AS passed, sum(p.failed)::int AS failed, max(p.last_pass) AS last_pass, max(p.last_fail) AS last_fail,
           (sum(p.dsum)::float8 / nullif(sum(p.dcount), 0)) AS avg,
           check_latency_percentiles(${histSums}, min(p.dmin), max(p.dmax)) AS percentiles,
           max(h.rolling1h) AS rolling1h, NULL::text AS stats_json
    FROM (${sql.join(
      parts.map((p) => sql`SELECT ${cols} FROM (${p}) x`),
      sql` UNION ALL `,
    )}) p
    LEFT JOIN (SELECT check_id, avg(duration)::float8 AS rolling1h FROM check_statuses s
               WHERE time >= ${hourAgo} AND time < ${now} ${only} GROUP BY check_id) h ON h.check_id = p.check_id
    GROUP BY p.check_id`;
}

function within(column: RawBuilder<unknown>, spans: Span[]): RawBuilder<unknown> {
  return sql.join(
    spans.map((s) => sql`(${column} >= ${s.from} AND ${column} < ${s.to})`),
    sql` OR `,
  );
}
