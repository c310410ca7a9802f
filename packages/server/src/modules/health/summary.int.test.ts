import {
  checkSummaryResponseSchema,
  checkSummarySchema,
  type CheckSummary,
  type CheckSummaryResponse,
  type GraphResponse,
} from '@ops/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { storeStatuses, type StatusRow } from './check-results.repository.js';
import { rollupCheckStatuses } from './health.jobs.js';
import { refreshLastHour } from './rollup.repository.js';
import { apply, checksOf, execCanary } from './health-test-helpers.js';
import { LATENCY_BOUNDS } from './latency-bins.js';

let s: TestServer;
const now = Date.now();
const MIN = 60_000;
let a: string;
let b: string;
let rowsA: StatusRow[];

/** percentile_cont of a sample (what the summary computes in SQL), computed here independently. */
function percentile(values: number[], q: number): number {
  const v = [...values].sort((x, y) => x - y);
  const pos = (v.length - 1) * q;
  const lo = Math.floor(pos);
  return v[lo]! + (v[Math.ceil(pos)]! - v[lo]!) * (pos - lo);
}

// A deterministic spread of durations (10 ms … ~1.5 s) and every seventh run failing.
const durationOf = (i: number): number => 10 + ((i * 7919) % 1500);

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const res = await apply(s, execCanary('figures', '@every 1m', { alpha: 'true', beta: 'true' }, 'figures'));
  const canaryId = res.body.results![0]!.id;
  await s.ctx.db.kysely
    .updateTable('checks')
    .set({ labels: JSON.stringify({ tier: 'web' }) })
    .where('canary_id', '=', canaryId)
    .where('name', '=', 'alpha')
    .execute();
  [a, b] = (await checksOf(s, canaryId)).map((c) => c.id) as [string, string];
  // Check alpha: one run a minute for the last 30 hours.
  rowsA = Array.from({ length: 30 * 60 }, (_, i) => ({
    checkId: a,
    time: new Date(now - (i + 1) * MIN),
    duration: durationOf(i),
    status: i % 7 !== 3,
    invalid: false,
    message: '',
    error: i % 7 === 3 ? 'boom' : '',
    detail: null,
    nextRuntime: null,
  }));
  await storeStatuses(s.ctx.db, rowsA);
  await storeStatuses(s.ctx.db, [{ ...rowsA[0]!, checkId: b, time: new Date(now - 10 * MIN), duration: 42, status: true, error: '' }]);
});
afterAll(async () => {
  await s?.stop();
});

const summaryOf = async (query: string): Promise<CheckSummary[]> => {
  const res = await s.json<CheckSummaryResponse>(`/api/canary/api/summary?${query}`, { as: 'viewer' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  // The rows are serialised by PostgreSQL: hold them to the contract strictly.
  expect(checkSummaryResponseSchema.strict().parse(res.body)).toEqual(res.body);
  for (const row of res.body.checks_summary) expect(checkSummarySchema.strict().parse(row)).toEqual(row);
  return res.body.checks_summary;
};

const inRange = (from: number, to = now) => rowsA.filter((r) => r.time.getTime() >= from && r.time.getTime() < to);

describe('summary figures', () => {
  it('computes uptime and exact percentiles over a short range from the runs', async () => {
    const from = now - 60 * MIN - 30_000;
    const [row] = await summaryOf(`check_id=${a}&start=${new Date(from).toISOString()}&end=${new Date(now).toISOString()}`);
    const expected = inRange(from);
    const durations = expected.map((r) => r.duration);
    expect(row!.uptime).toEqual({
      passed: expected.filter((r) => r.status).length,
      failed: expected.filter((r) => !r.status).length,
      last_pass: expected.filter((r) => r.status)[0]!.time.toISOString(),
      last_fail: expected.filter((r) => !r.status)[0]!.time.toISOString(),
    });
    expect(row!.latency.p50).toBeCloseTo(percentile(durations, 0.5), 2);
    expect(row!.latency.p95).toBeCloseTo(percentile(durations, 0.95), 2);
    expect(row!.latency.p97).toBeCloseTo(percentile(durations, 0.97), 2);
    expect(row!.latency.p99).toBeCloseTo(percentile(durations, 0.99), 2);
    expect(row!.latency.avg).toBeCloseTo(durations.reduce((x, y) => x + y, 0) / durations.length, 2);
    const lastHour = inRange(Date.now() - 60 * MIN, Date.now()).map((r) => r.duration);
    expect(row!.latency.rolling1h).toBeCloseTo(lastHour.reduce((x, y) => x + y, 0) / lastHour.length, 0);
    expect(row!.checkStatuses).toHaveLength(5);
    expect(row!.checkStatuses[0]).toEqual({ time: rowsA[0]!.time.toISOString(), status: rowsA[0]!.status, duration: rowsA[0]!.duration });
  });

  it('answers the last hour from the minute-by-minute check summary, topped up with newer runs', async () => {
    const refreshedAt = new Date(now);
    expect(await refreshLastHour(s.ctx.db, refreshedAt)).toBe(2);
    const newer = { ...rowsA[0]!, checkId: b, time: new Date(Date.now() - 1), duration: 58, status: false, error: 'late' };
    await storeStatuses(s.ctx.db, [newer]);
    const res = await s.json<CheckSummaryResponse>(`/api/canary/api/summary?namespace=figures&start=1h`);
    const [rowA, rowB] = ['alpha', 'beta'].map((n) => res.body.checks_summary.find((c) => c.name === n)!);
    const expected = inRange(now - 60 * MIN);
    const durations = expected.map((r) => r.duration);
    expect(rowA!.uptime.passed).toBe(expected.filter((r) => r.status).length);
    expect(rowA!.latency.p95).toBeCloseTo(percentile(durations, 0.95), 2);
    expect(rowA!.latency.p99).toBeCloseTo(percentile(durations, 0.99), 2);
    // beta: one run in the summary table, one after it.
    expect(rowB!.uptime).toEqual({
      passed: 1,
      failed: 1,
      last_pass: new Date(now - 10 * MIN).toISOString(),
      last_fail: newer.time.toISOString(),
    });
    expect(rowB!.latency.avg).toBeCloseTo(50, 3);
    expect(res.body.counts.total).toBe(2);
  });

  it('merges hourly rollups with raw edges over a long range: exact uptime, percentiles within the histogram error', async () => {
    const rolled = await rollupCheckStatuses(s.ctx, new Date(now + 2 * MIN));
    expect(rolled.hours).toBeGreaterThan(30);
    const from = now - 26 * 60 * MIN - 17 * 1000;
    const [row] = await summaryOf(`check_id=${a}&start=${new Date(from).toISOString()}&end=${new Date(now).toISOString()}`);
    const expected = inRange(from);
    const durations = expected.map((r) => r.duration);
    expect(row!.uptime.passed).toBe(expected.filter((r) => r.status).length);
    expect(row!.uptime.failed).toBe(expected.filter((r) => !r.status).length);
    expect(row!.uptime.last_fail).toBe(expected.filter((r) => !r.status)[0]!.time.toISOString());
    expect(row!.latency.avg).toBeCloseTo(durations.reduce((x, y) => x + y, 0) / durations.length, 2);
    for (const [q, key] of [
      [0.5, 'p50'],
      [0.95, 'p95'],
      [0.97, 'p97'],
      [0.99, 'p99'],
    ] as const) {
      const exact = percentile(durations, q);
      expect(Math.abs(row!.latency[key]! - exact) / exact).toBeLessThan(0.1);
    }
  });

  it('keeps the hourly rollup rows equal to the raw runs of each hour', async () => {
    const hours = await sql<{ bucket: Date; passed: number; failed: number; duration_sum: number }>`
      SELECT bucket, passed, failed, duration_sum FROM check_statuses_1h WHERE check_id = ${a} ORDER BY bucket`.execute(s.ctx.db.kysely);
    for (const h of hours.rows.slice(1, -1)) {
      const start = new Date(h.bucket).getTime();
      const rows = inRange(start, start + 60 * MIN);
      expect(h).toMatchObject({
        passed: rows.filter((r) => r.status).length,
        failed: rows.filter((r) => !r.status).length,
        duration_sum: rows.reduce((x, r) => x + r.duration, 0),
      });
    }
    const bounds = await sql<{ b: number[] }>`SELECT check_latency_bounds() AS b`.execute(s.ctx.db.kysely);
    expect(bounds.rows[0]!.b).toEqual([...LATENCY_BOUNDS]);
  });

  it('filters by status, labels, text, namespace and agent', async () => {
    await s.ctx.db.kysely.updateTable('checks').set({ status: 'unhealthy' }).where('id', '=', a).execute();
    await s.ctx.db.kysely.updateTable('checks').set({ status: 'healthy' }).where('id', '=', b).execute();
    const ids = async (q: string) => (await summaryOf(q)).map((r) => r.id).sort();
    expect(await ids('namespace=figures')).toEqual([a, b].sort());
    expect(await ids('namespace=figures&status=unhealthy')).toEqual([a]);
    expect(await ids(`namespace=figures&labels=${encodeURIComponent('{"tier=web":1}')}`)).toEqual([a]);
    expect(await ids(`namespace=figures&labels=${encodeURIComponent('{"tier":-1}')}`)).toEqual([b]);
    expect(await ids('namespace=figures&query=BET')).toEqual([b]);
    expect(await ids('namespace=figures&agent=local')).toEqual([a, b].sort());
    expect(await ids('namespace=nowhere')).toEqual([]);
    const bad = await s.json<{ message: string }>('/api/canary/api/summary?start=soon', { as: 'viewer' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('start: "soon" is not a time');
  });

  it('keeps the rendered rows in step with checks and canaries (migration 0007 triggers)', async () => {
    const db = s.ctx.db.kysely;
    const canaryId = (await db.selectFrom('checks').select('canary_id').where('id', '=', a).executeTakeFirstOrThrow()).canary_id;
    await db.updateTable('checks').set({ status: 'healthy', description: 'said "hi"\n' }).where('id', '=', a).execute();
    await db.updateTable('canaries').set({ name: 'figures-renamed' }).where('id', '=', canaryId).execute();
    const rows = await summaryOf('namespace=figures&statuses=2');
    const rowA = rows.find((r) => r.id === a)!;
    expect(rowA).toMatchObject({ status: 'healthy', description: 'said "hi"\n', canary_name: 'figures-renamed' });
    expect(rows.every((r) => r.canary_name === 'figures-renamed')).toBe(true);
    expect(rowA.checkStatuses).toHaveLength(2);
    expect(rowA.checkStatuses[0]!.time).toBe(rowsA[0]!.time.toISOString());
    // A soft-deleted check leaves the summary; the rows stay ordered by canary, then name.
    await db.updateTable('checks').set({ deleted_at: new Date() }).where('id', '=', b).execute();
    expect((await summaryOf('namespace=figures')).map((r) => r.id)).toEqual([a]);
    await db.updateTable('checks').set({ deleted_at: null }).where('id', '=', b).execute();
    expect((await summaryOf('namespace=figures')).map((r) => r.name)).toEqual(['alpha', 'beta']);
    await db.updateTable('canaries').set({ name: 'figures' }).where('id', '=', canaryId).execute();
  });

  it('renders a run part alone and a whole row when other fields change, in one statement (migration 0020)', async () => {
    const db = s.ctx.db.kysely;
    const ran = new Date(now - 30_000);
    // alpha gets a run's fields only, beta a label: one UPDATE, two paths through the trigger.
    await sql`UPDATE checks SET
                last_runtime = CASE WHEN id = ${a}::uuid THEN ${ran}::timestamptz ELSE last_runtime END,
                status = CASE WHEN id = ${a}::uuid THEN 'unhealthy' ELSE status END,
                labels = CASE WHEN id = ${b}::uuid THEN '{"tier":"db"}'::jsonb ELSE labels END
              WHERE id IN (${a}::uuid, ${b}::uuid)`.execute(db);
    let rows = await summaryOf('namespace=figures');
    expect(rows.find((r) => r.id === a)).toMatchObject({ status: 'unhealthy', last_runtime: ran.toISOString(), labels: { tier: 'web' } });
    expect(rows.find((r) => r.id === b)).toMatchObject({ labels: { tier: 'db' } });
    // A run after a head change keeps the new head.
    await db.updateTable('checks').set({ status: 'healthy' }).where('id', '=', b).execute();
    rows = await summaryOf('namespace=figures');
    expect(rows.find((r) => r.id === b)).toMatchObject({ status: 'healthy', labels: { tier: 'db' } });
    await db.updateTable('checks').set({ labels: '{}' }).where('id', '=', b).execute();
  });

  it('answers concurrent calls while the checks change under them', async () => {
    const db = s.ctx.db.kysely;
    const calls = Array.from({ length: 6 }, () => summaryOf('namespace=figures'));
    const writes = ['unhealthy', 'healthy', 'unhealthy'].map((status) =>
      db
        .updateTable('checks')
        .set({ status: status as 'healthy' | 'unhealthy' })
        .where('id', '=', a)
        .execute(),
    );
    const [answers] = await Promise.all([Promise.all(calls), Promise.all(writes)]);
    for (const rows of answers) expect(rows.map((r) => r.name)).toEqual(['alpha', 'beta']);
    const [rowA] = await summaryOf(`check_id=${a}`);
    expect(rowA!.status).toBe((await db.selectFrom('checks').select('status').where('id', '=', a).executeTakeFirstOrThrow()).status);
  });

  it('graphs raw runs when few, buckets when many', async () => {
    const raw = await s.json<GraphResponse>(
      `/api/canary/api/graph?check=${a}&start=${new Date(now - 60 * MIN - 1).toISOString()}&end=${new Date(now).toISOString()}&count=100`,
    );
    expect(raw.status).toBe(200);
    expect(raw.body.bucket).toBeNull();
    expect(raw.body.status).toHaveLength(60);
    expect(raw.body.status[0]!.time < raw.body.status[59]!.time).toBe(true);
    const bucketed = await s.json<GraphResponse>(
      `/api/canary/api/graph?check=${a}&start=${new Date(now - 24 * 60 * MIN).toISOString()}&end=${new Date(now).toISOString()}&count=30`,
    );
    expect(bucketed.body.bucket).toBe('1h');
    const expected = inRange(now - 24 * 60 * MIN);
    const total = bucketed.body.status.reduce((n, p) => n + p.passed + p.failed, 0);
    // Hour buckets start on the hour, so the first one may also hold runs from before the range.
    expect(total).toBeGreaterThanOrEqual(expected.length);
    expect(total).toBeLessThanOrEqual(expected.length + 60);
    expect(bucketed.body.uptime.passed).toBe(expected.filter((r) => r.status).length);
    const fine = await s.json<GraphResponse>(`/api/canary/api/graph?check=${a}&start=2h&count=10`);
    expect(fine.body.bucket).toBe('15m');
    expect((await s.request('/api/canary/api/graph?check=00000000-0000-0000-0000-000000000001')).status).toBe(404);
  });

  it('answers 400 naming the parameter for an id that is not a UUID (never the database type error)', async () => {
    const graph = await s.json<{ message: string }>('/api/canary/api/graph?check=not-a-uuid');
    expect(graph.status).toBe(400);
    expect(graph.body.message).toContain('check must be the id of a check (a UUID)');
    expect(graph.body.message).not.toContain('invalid input syntax');
    const run = await s.json<{ message: string }>('/api/canary/run/check/not-a-uuid', { method: 'POST' });
    expect(run.status).toBe(400);
    expect(run.body.message).toContain('id must be the id of a check (a UUID)');
  });

  it('lists checks with spec and messages on /api/canary/api', async () => {
    const res = await s.json<{ checks: Array<{ id: string; spec: { script: string }; checkStatuses: Array<{ error: string | null }> }> }>(
      `/api/canary/api?check_id=${a}&statuses=5`,
    );
    expect(res.status).toBe(200);
    expect(res.body.checks[0]!.spec.script).toBe('true');
    expect(res.body.checks[0]!.checkStatuses.some((c) => c.error === 'boom')).toBe(true);
  });
});
