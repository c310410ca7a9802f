import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { createTestDatabase } from '../test/test-db.js';
import type { Schedule } from './schedule.js';

// Daily at midnight UTC, registered as last run two days ago: the missed tick runs once right at start
// (catch-up), so each test gets exactly one tick without waiting for the clock.
const DAILY = '0 0 0 * * *';
async function missedOnce(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  await c.query(`INSERT INTO job_schedules (name, cron, last_tick) VALUES ($1, $2, now() - interval '2 days')`, [name, DAILY]);
  await c.end();
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

async function start(schedules: Schedule[], stopTimeoutMs = 10_000): Promise<RunningServer> {
  const config = loadConfig(
    { DATABASE_URL: db.url, PORT: '0', OPS_LOG_LEVEL: 'silent', OPS_ADMIN_PASSWORD: 'test-password-1', OPS_DATA_DIR: '.test-data/server' },
    'test',
  );
  return startServer(config, { serveWeb: false, print: () => undefined, jobs: { schedules, pollingIntervalSeconds: 0.5, stopTimeoutMs } });
}

async function history(s: RunningServer, name: string) {
  const { rows } = await s.db.pool.query<{ status: string; errors: string[]; details: Record<string, unknown> }>(
    'SELECT status, errors, details FROM job_history WHERE name = $1 ORDER BY time_start',
    [name],
  );
  return rows;
}

describe('scheduled runs', () => {
  it('retries a failed run with backoff, records every attempt, and leaves a run that keeps failing visible', async () => {
    const flaky: Schedule = {
      name: 'test-flaky',
      cron: DAILY,
      resourceType: 'test',
      description: 'fails its first attempt',
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async (_ctx, run) => {
        if (!run.details.attempt) throw new Error('first attempt fails');
        run.success();
      },
    };
    const broken: Schedule = { ...flaky, name: 'test-broken', retryLimit: 1, run: async () => Promise.reject(new Error('always broken')) };
    await missedOnce('test-flaky');
    await missedOnce('test-broken');
    const s = await start([flaky, broken]);
    try {
      const flakyRuns = await waitFor(
        () => history(s, 'test-flaky'),
        // The retry's row is written RUNNING first; wait until it has finished.
        (r) => r.length >= 2 && r.every((x) => x.status !== 'RUNNING'),
        15_000,
      );
      expect(flakyRuns.map((r) => r.status)).toEqual(['FAILED', 'SUCCESS']);
      expect(flakyRuns[0]!.errors).toEqual(['first attempt fails']);
      expect(flakyRuns[1]!.details).toMatchObject({ attempt: 2, tick: flakyRuns[0]!.details.tick });

      const failedJob = await waitFor(
        async () => (await s.db.pool.query("SELECT state FROM pgboss.job WHERE name = 'test-broken' AND state = 'failed'")).rowCount,
        (n) => n === 1,
        15_000,
      );
      expect(failedJob).toBe(1);
      expect((await history(s, 'test-broken')).map((r) => r.status)).toEqual(['FAILED', 'FAILED']);
    } finally {
      await s.stop();
    }
  });

  it('on stop marks a running scheduled job STOPPED and finishes within the stop timeout', async () => {
    let started = false;
    const slow: Schedule = {
      name: 'test-slow',
      cron: DAILY,
      resourceType: 'test',
      description: 'runs until shutdown',
      run: async (_ctx, run) => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
        run.success();
      },
    };
    await missedOnce('test-slow');
    const s = await start([slow], 800);
    await waitFor(
      async () => started,
      (v) => v,
      15_000,
    );
    expect(started).toBe(true);
    const t0 = Date.now();
    await s.stop();
    expect(Date.now() - t0).toBeLessThan(5_000);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query("SELECT status, errors FROM job_history WHERE name = 'test-slow'");
    await c.end();
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('STOPPED');
  });
});
