// The read side of the health API: summary, the /api check list and a check's graph.
import {
  GRAPH_COUNT_DEFAULT,
  SUMMARY_STATUSES_DEFAULT,
  type ApiResponse,
  type CheckSummaryQuery,
  type GraphQuery,
  type GraphResponse,
} from '@ops/shared';
import { hostname } from 'node:os';
import type { Db } from '../../db/pool.js';
import { notFound } from '../../http/errors.js';
import { assertUuid, parseCheckFilter, type CheckFilter } from './check-filters.js';
import { countRuns, rawBuckets, rawPoints, rollupBuckets, type GraphDbPoint } from './graph.repository.js';
import { rollupState } from './rollup.repository.js';
import { planLatest, planSummary, type SummaryPlan } from './summary-plan.js';
import { encodeJoined } from './joined-json.js';
import { RenderedRows } from './rendered-rows.js';
import { querySummaryPieces } from './summary-json.repository.js';
import { querySummary, type SummaryDbRow } from './summary.repository.js';
import { latencyOf, toApiCheck, uptimeOf } from './summary-rows.js';
import { resolveRange, type TimeWindow } from './time-range.js';

/** Bucket sizes of the graph, smallest first (seconds). */
const BUCKETS: ReadonlyArray<[string, number]> = [
  ['1m', 60],
  ['2m', 120],
  ['5m', 300],
  ['10m', 600],
  ['15m', 900],
  ['30m', 1800],
  ['1h', 3600],
  ['2h', 7200],
  ['3h', 10800],
  ['6h', 21600],
  ['12h', 43200],
  ['1d', 86400],
  ['2d', 172800],
  ['7d', 604800],
  ['30d', 2592000],
];

/** Read queries of the health API. */
export class HealthQueries {
  /** This process's copies of the rendered summary rows (see RenderedRows). */
  private readonly rendered = new RenderedRows();

  constructor(private readonly db: Db) {}

  /**
   * GET /api/canary/api/summary as UTF-8 JSON (a CheckSummaryResponse): the rows are rendered by
   * PostgreSQL and written straight into the answer's bytes (encodeJoined); handed a 10 MB string
   * instead, the HTTP layer would measure and encode it again (~100 ms more at 10,000 checks).
   */
  async summaryJson(q: CheckSummaryQuery, now = new Date()): Promise<Buffer> {
    const started = Date.now();
    const { plan, filter } = await this.plan(q, resolveRange(q, now), now);
    const r = await querySummaryPieces(this.db, { filter, plan, now, statuses: q.statuses ?? SUMMARY_STATUSES_DEFAULT }, this.rendered);
    const counts = JSON.stringify({ total: r.total, passing: r.passing, failing: r.failing });
    const tail = `"start":${JSON.stringify(plan.range.from.toISOString())},"end":${JSON.stringify(plan.range.to.toISOString())}`;
    return encodeJoined('{"checks_summary":[', r.rows, `],"counts":${counts},${tail},"duration":${Date.now() - started}}`);
  }

  /** GET /api/canary/api: the checks with spec and their recent runs (message and error included). */
  async api(q: CheckSummaryQuery, now = new Date()): Promise<ApiResponse> {
    const started = Date.now();
    const { rows } = await this.rows(q, resolveRange(q, now), now, q.statuses ?? SUMMARY_STATUSES_DEFAULT, true);
    return { duration: Date.now() - started, runnerName: hostname(), checks: rows.map(toApiCheck) };
  }

  /** GET /api/canary/api/graph: one check's runs or buckets over the range, with its uptime and latency. */
  async graph(q: GraphQuery, now = new Date()): Promise<GraphResponse> {
    assertUuid('check', q.check);
    const window = resolveRange(q, now);
    const {
      rows: [row],
    } = await this.rows(
      { check_id: q.check, end: q.end ?? window.end.toISOString(), start: window.start.toISOString() },
      window,
      now,
      0,
      false,
    );
    if (!row) throw notFound(`check ${q.check} not found`);
    const count = q.count ?? GRAPH_COUNT_DEFAULT;
    const { points, bucket } = await this.points(q.check, window, count);
    return {
      status: points.map((p) => ({
        time: new Date(p.time).toISOString(),
        status: p.failed === 0,
        duration: Math.round(Number(p.duration) * 1000) / 1000,
        passed: p.passed,
        failed: p.failed,
        ...(p.max !== null && p.max !== undefined ? { max: p.max } : {}),
        ...(p.message ? { message: p.message } : {}),
        ...(p.error ? { error: p.error } : {}),
      })),
      bucket: bucket?.[0] ?? null,
      bucket_seconds: bucket?.[1] ?? null,
      start: window.start.toISOString(),
      end: window.end.toISOString(),
      latency: latencyOf(row),
      uptime: uptimeOf(row),
    };
  }

  private async rows(
    q: CheckSummaryQuery,
    window: TimeWindow,
    now: Date,
    statuses: number,
    detailed: boolean,
  ): Promise<{ rows: SummaryDbRow[] }> {
    const { plan, filter } = await this.plan(q, window, now);
    return { rows: await querySummary(this.db, { filter, plan, now, statuses, detailed }) };
  }

  // Which data answers the range: the materialized last hour, raw rows, or rollups (summary-plan.ts).
  private async plan(q: CheckSummaryQuery, window: TimeWindow, now: Date): Promise<{ plan: SummaryPlan; filter: CheckFilter }> {
    const filter = parseCheckFilter(q);
    const state = await rollupState(this.db);
    const plan =
      planLatest(window.start, window.end, !!q.end, now, state.summary_1h) ??
      planSummary(window.start, window.end, state.hourly, state.daily);
    return { plan, filter };
  }

  private async points(checkId: string, w: TimeWindow, count: number): Promise<{ points: GraphDbPoint[]; bucket?: [string, number] }> {
    if ((await countRuns(this.db, checkId, w.start, w.end, count + 1)) <= count)
      return { points: await rawPoints(this.db, checkId, w.start, w.end, count) };
    const rangeSeconds = (w.end.getTime() - w.start.getTime()) / 1000;
    const bucket = BUCKETS.find(([, s]) => Math.ceil(rangeSeconds / s) <= count) ?? BUCKETS[BUCKETS.length - 1]!;
    if (bucket[1] < 3600) return { points: await rawBuckets(this.db, checkId, w.start, w.end, bucket[1]), bucket };
    const rolled = (await rollupState(this.db)).hourly;
    const from = new Date(Math.floor(w.start.getTime() / 3_600_000) * 3_600_000);
    const points = rolled
      ? await rollupBuckets(this.db, checkId, from, w.end, rolled, bucket[1])
      : await rawBuckets(this.db, checkId, w.start, w.end, bucket[1]);
    return { points, bucket };
  }
}
