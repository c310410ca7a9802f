import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { createTestDatabase } from '../test/test-db.js';
import type { Schedule } from './schedule.js';
import { ScheduleRepository } from './schedule.repository.js';

const EVERY_SECOND = 'test-every-second';
const runs: string[] = [];
const schedule: Schedule = {
  name: EVERY_SECOND,
  cron: '* * * * * *',
  resourceType: 'test',
  description: 'counts its runs',
  run: async (_ctx, run) => {
    runs.push(String(run.details.tick));
    run.success();
  },
};

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const servers: RunningServer[] = [];

async function start(): Promise<RunningServer> {
  const config = loadConfig(
    { DATABASE_URL: db.url, PORT: '0', OPS_LOG_LEVEL: 'silent', OPS_ADMIN_PASSWORD: 'test-password-1', OPS_DATA_DIR: '.test-data/server' },
    'test',
  );
  const s = await startServer(config, { serveWeb: false, print: () => undefined, jobs: { schedules: [schedule] } });
  servers.push(s);
  return s;
}

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  await db?.drop();
});

describe('periodic schedules across processes', () => {
  it('fires a 1 s schedule exactly once per tick when two servers share the database', async () => {
    const a = await start();
    const b = await start();
    await new Promise((r) => setTimeout(r, 4_600));
    await a.stop();
    await b.stop();

    const ticks = [...runs].sort();
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks).size).toBe(ticks.length); // no tick ran twice

    const check = new pg.Pool({ connectionString: db.url, max: 1 });
    const { rows } = await check.query<{ n: number; distinct_ticks: number; ok: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT details->>'tick')::int AS distinct_ticks,
              count(*) FILTER (WHERE status = 'SUCCESS' AND success_count = 1 AND resource_type = 'test')::int AS ok
       FROM job_history WHERE name = $1`,
      [EVERY_SECOND],
    );
    await check.end();
    expect(rows[0]).toEqual({ n: ticks.length, distinct_ticks: ticks.length, ok: ticks.length });
  });

  it('lets exactly one of many concurrent claimers win a tick', async () => {
    const s = await start();
    const repo = new ScheduleRepository(s.db);
    const tick = new Date(Date.now() + 3_600_000);
    const wins = await Promise.all(
      Array.from({ length: 12 }, (_, i) => s.db.kysely.transaction().execute((trx) => repo.claim(trx, EVERY_SECOND, tick, `claimer-${i}`))),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    // The same tick again, and an earlier one, are refused.
    const again = await s.db.kysely.transaction().execute((trx) => repo.claim(trx, EVERY_SECOND, tick, 'late'));
    const earlier = await s.db.kysely
      .transaction()
      .execute((trx) => repo.claim(trx, EVERY_SECOND, new Date(tick.getTime() - 1000), 'late'));
    expect([again, earlier]).toEqual([false, false]);
    await s.stop();
  });
});
