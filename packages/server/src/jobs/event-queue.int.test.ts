import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { createTestDatabase } from '../test/test-db.js';
import type { QueuedEvent } from './event-queue.repository.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: pg.Pool;
let a: RunningServer;
let b: RunningServer;

// Polling is slowed to a minute: deliveries within the test's seconds prove the NOTIFY wake-up.
async function start(): Promise<RunningServer> {
  const config = loadConfig(
    { DATABASE_URL: db.url, PORT: '0', OPS_LOG_LEVEL: 'silent', OPS_ADMIN_PASSWORD: 'test-password-1', OPS_DATA_DIR: '.test-data/server' },
    'test',
  );
  return startServer(config, {
    serveWeb: false,
    print: () => undefined,
    jobs: { schedules: [], eventPollMs: 60_000, stopTimeoutMs: 1_000 },
  });
}

async function waitFor<T>(read: () => T | Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  a = await start();
  b = await start();
});
afterAll(async () => {
  await a?.stop().catch(() => undefined);
  await b?.stop().catch(() => undefined);
  await sql?.end();
  await db?.drop();
});

describe('event queue', () => {
  it('delivers an event inserted by anyone (NOTIFY wake-up) and deletes it on success', async () => {
    const got: QueuedEvent[] = [];
    a.ctx.events.on('test.ok', async (e) => {
      got.push(e);
    });
    await new Promise((r) => setTimeout(r, 300)); // the consumer is idle now, its next poll a minute away
    await sql.query(`INSERT INTO event_queue (name, properties) VALUES ('test.ok', '{"id": "x1"}')`);
    await waitFor(
      () => got.length,
      (n) => n === 1,
      3_000,
    );
    expect(got[0]).toMatchObject({ name: 'test.ok', properties: { id: 'x1' }, attempts: 1 });
    const left = await waitFor(
      async () => (await sql.query(`SELECT 1 FROM event_queue WHERE name = 'test.ok'`)).rowCount,
      (n) => n === 0,
    );
    expect(left).toBe(0);
  });

  it('retries a failing handler with exponential backoff until it succeeds', async () => {
    const calls: { at: number; attempts: number }[] = [];
    a.ctx.events.on(
      'test.flaky',
      async (e) => {
        calls.push({ at: Date.now(), attempts: e.attempts });
        if (calls.length < 3) throw new Error(`flaky ${calls.length}`);
      },
      { backoffMs: 200, maxAttempts: 5 },
    );
    await a.ctx.events.emit('test.flaky', { n: 1 });
    await waitFor(
      () => calls.length,
      (n) => n === 3,
    );
    expect(calls.map((c) => c.attempts)).toEqual([1, 2, 3]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(190);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(390);
    const left = await waitFor(
      async () => (await sql.query(`SELECT 1 FROM event_queue WHERE name = 'test.flaky'`)).rowCount,
      (n) => n === 0,
    );
    expect(left).toBe(0);
  });

  it('gives up after maxAttempts and keeps the event visible in event_queue_summary', async () => {
    let calls = 0;
    a.ctx.events.on(
      'test.broken',
      async () => {
        calls += 1;
        throw new Error('downstream refused');
      },
      { backoffMs: 100, maxAttempts: 3 },
    );
    const id = await a.ctx.events.emit('test.broken', {});
    await waitFor(
      () => calls,
      (n) => n === 3,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(calls).toBe(3); // no fourth attempt
    const { rows } = await sql.query(
      `SELECT attempts, error, next_attempt_at = 'infinity' AS gave_up, last_attempt IS NOT NULL AS tried FROM event_queue WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ attempts: 3, error: 'downstream refused', gave_up: true, tried: true });
    const summary = await sql.query(
      `SELECT pending, failed, average_attempts, most_common_error, last_failure IS NOT NULL AS has_failure FROM event_queue_summary WHERE name = 'test.broken'`,
    );
    expect(summary.rows[0]).toEqual({
      pending: 0,
      failed: 1,
      average_attempts: 3,
      most_common_error: 'downstream refused',
      has_failure: true,
    });
  });

  it('delivers each event once when two servers consume the same queue', async () => {
    const seen: { id: string; by: string }[] = [];
    for (const [s, by] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      s.ctx.events.on('test.shared', async (e) => {
        seen.push({ id: e.id, by });
        await new Promise((r) => setTimeout(r, 5));
      });
    }
    await sql.query(
      `INSERT INTO event_queue (name, properties) SELECT 'test.shared', jsonb_build_object('i', i) FROM generate_series(1, 60) i`,
    );
    await waitFor(
      async () => (await sql.query(`SELECT 1 FROM event_queue WHERE name = 'test.shared'`)).rowCount,
      (n) => n === 0,
    );
    expect(seen).toHaveLength(60);
    expect(new Set(seen.map((x) => x.id)).size).toBe(60);
  });

  it('cleans up only events that gave up before the retention window', async () => {
    await sql.query(`INSERT INTO event_queue (name, error, attempts, next_attempt_at, last_attempt) VALUES
      ('test.old', 'e', 5, 'infinity', now() - interval '40 days'),
      ('test.old', 'e', 5, 'infinity', now() - interval '2 days'),
      ('test.old', 'e', 2, now() + interval '1 hour', now() - interval '40 days')`);
    expect(await a.ctx.events.cleanup(30)).toBe(1);
    const { rows } = await sql.query(`SELECT count(*)::int AS n FROM event_queue WHERE name = 'test.old'`);
    expect(rows[0].n).toBe(2);
  });

  it('releases an event whose handler is interrupted by shutdown without counting the attempt', async () => {
    const c = await start();
    let started = false;
    c.ctx.events.on('test.interrupted', (_e, signal) => {
      started = true;
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    const id = await c.ctx.events.emit('test.interrupted', {});
    await waitFor(
      () => started,
      (v) => v,
    );
    await c.stop();
    const { rows } = await sql.query(`SELECT attempts, error, next_attempt_at <= now() AS due FROM event_queue WHERE id = $1`, [id]);
    expect(rows[0]).toEqual({ attempts: 0, error: null, due: true });
  });
});
