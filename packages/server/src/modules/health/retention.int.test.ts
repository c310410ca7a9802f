import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { storeStatuses } from './check-results.repository.js';
import { checkStatusRetention, rollupCheckStatuses } from './health.jobs.js';
import { apply, checksOf, execCanary } from './health-test-helpers.js';

let s: TestServer;
const DAY = 86_400_000;

beforeAll(async () => {
  s = await startTestServer({
    OPS_JOBS: 'false',
    OPS_CHECK_STATUS_RETENTION_DAYS: '30',
    OPS_CHECK_ROLLUP_HOURLY_RETENTION_DAYS: '35',
    OPS_CHECK_ROLLUP_DAILY_RETENTION_DAYS: '400',
  });
});
afterAll(async () => {
  await s?.stop();
});

const partitions = async (): Promise<string[]> =>
  (
    await sql<{ relname: string }>`SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'check_statuses'::regclass ORDER BY 1`.execute(s.ctx.db.kysely)
  ).rows.map((r) => r.relname);

describe('check status retention', () => {
  it('drops raw days past retention after rolling them up, keeps rollups for their own retention', async () => {
    const res = await apply(s, execCanary('old-history', '@every 1h', { old: 'true' }));
    const [check] = await checksOf(s, res.body.results![0]!.id);
    // Yesterday 18:00 UTC, so no status below lands on another UTC day than intended, whenever the test runs
    // (at 00:05 "now - 0.01 days" is yesterday, and 40 and 40.01 days ago are two days).
    const now = new Date(Math.floor(Date.now() / DAY) * DAY - 6 * 3_600_000);
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
    const row = (t: Date, ok: boolean) => ({
      checkId: check!.id,
      time: t,
      duration: 100,
      status: ok,
      invalid: false,
      message: '',
      error: '',
      detail: null,
      nextRuntime: null,
    });
    await storeStatuses(s.ctx.db, [row(at(40), true), row(at(40.01), false), row(at(31.5), true), row(at(2), true), row(at(0.01), true)]);
    const day40 = `check_statuses_${at(40).toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(await partitions()).toContain(day40);

    await rollupCheckStatuses(s.ctx, now);
    const daily = await sql<{ n: number }>`SELECT count(*)::int AS n FROM check_statuses_1d WHERE check_id = ${check!.id}`.execute(
      s.ctx.db.kysely,
    );
    expect(daily.rows[0]!.n).toBe(3);

    const out = await checkStatusRetention(s.ctx, now);
    expect(out.days).toBeGreaterThanOrEqual(2);
    expect(await partitions()).not.toContain(day40);
    const left = await s.ctx.db.kysely
      .selectFrom('check_statuses')
      .select('time')
      .where('check_id', '=', check!.id)
      .orderBy('time')
      .execute();
    expect(left.map((r) => new Date(r.time).getTime())).toEqual([at(2).getTime(), at(0.01).getTime()]);
    // Hourly rows go after 35 days, daily rows stay: the 40-day-old day is still in the daily rollup.
    const hourly = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM check_statuses_1h WHERE check_id = ${check!.id} AND bucket < ${at(35)}`.execute(s.ctx.db.kysely);
    expect(hourly.rows[0]!.n).toBe(0);
    const old = await sql<{
      passed: number;
      failed: number;
    }>`SELECT passed, failed FROM check_statuses_1d WHERE check_id = ${check!.id} ORDER BY bucket LIMIT 1`.execute(s.ctx.db.kysely);
    expect(old.rows[0]).toEqual({ passed: 1, failed: 1 });
    // Upcoming days are ready for the writer.
    const ahead = `check_statuses_${new Date(now.getTime() + 2 * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`;
    expect(await partitions()).toContain(ahead);
  });
});
