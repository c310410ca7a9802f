import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { SCHEDULES } from './schedules.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

function schedule(name: string) {
  const found = SCHEDULES.find((x) => x.name === name);
  if (!found) throw new Error(`schedule ${name} is not declared`);
  return found;
}

describe('declared periodic jobs', () => {
  it('registers every schedule in job_schedules when the server starts with jobs on', async () => {
    const { rows } = await s.db.pool.query<{ name: string; cron: string }>('SELECT name, cron FROM job_schedules ORDER BY name');
    expect(rows).toEqual(SCHEDULES.map((x) => ({ name: x.name, cron: x.cron })).sort((p, q) => p.name.localeCompare(q.name)));
  });

  it('sessions-cleanup deletes expired sessions only', async () => {
    await s.db.pool.query(
      `INSERT INTO sessions (id_hash, person_id, expires_at) VALUES ('expired-1', $1, now() - interval '1 minute'), ('live-1', $1, now() + interval '1 hour')`,
      [s.ids.viewer],
    );
    const id = await s.ctx.jobs.record('sessions-cleanup', {}, async (run) => {
      await schedule('sessions-cleanup').run(s.ctx, run);
      return run.historyId;
    });
    const left = await s.db.pool.query(`SELECT id_hash FROM sessions WHERE id_hash IN ('expired-1', 'live-1')`);
    expect(left.rows).toEqual([{ id_hash: 'live-1' }]);
    const run = await s.db.pool.query('SELECT status, success_count, details FROM job_history WHERE id = $1', [id]);
    expect(run.rows[0]).toEqual({ status: 'SUCCESS', success_count: 1, details: { summary: { deleted: 1 } } });
  });

  it('event-queue-cleanup deletes events that gave up before the retention window', async () => {
    await s.db.pool.query(`INSERT INTO event_queue (name, error, attempts, next_attempt_at, last_attempt) VALUES
      ('cleanup.test', 'e', 5, 'infinity', now() - interval '31 days'),
      ('cleanup.test', 'e', 5, 'infinity', now() - interval '1 day')`);
    await s.ctx.jobs.record('event-queue-cleanup', {}, (run) => schedule('event-queue-cleanup').run(s.ctx, run));
    const left = await s.db.pool.query(`SELECT count(*)::int AS n FROM event_queue WHERE name = 'cleanup.test'`);
    expect(left.rows[0].n).toBe(1);
  });
});
