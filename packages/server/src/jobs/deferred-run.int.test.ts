// Deferred job runs (the check scheduler's): one finished row written by the caller's batch, a RUNNING
// row only for runs that outlive the threshold, and shutdown closing what is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

const rowsOf = async (name: string) =>
  (
    await s.db.pool.query<{ id: string; status: string; success_count: number; error_count: number; errors: string[]; details: unknown }>(
      'SELECT id, status, success_count, error_count, errors, details FROM job_history WHERE name = $1 ORDER BY time_start',
      [name],
    )
  ).rows;

describe('deferred job runs', () => {
  it('write nothing while a short run goes, then one finished row with the batch', async () => {
    const run = s.ctx.jobs.defer('deferred-short', { resourceType: 'canary', resourceId: 'c-1' }, 60_000);
    run.tally.success();
    run.tally.error(new Error('second check failed'));
    run.tally.details.slot = '2026-01-01T00:00:00.000Z';
    expect(await rowsOf('deferred-short')).toEqual([]);
    const finished = await run.end();
    expect(finished).toMatchObject({ name: 'deferred-short', status: 'WARNING', successCount: 1, errorCount: 1, resourceId: 'c-1' });
    await s.ctx.jobs.history.recordFinished([finished!]);
    expect(await rowsOf('deferred-short')).toEqual([
      expect.objectContaining({
        status: 'WARNING',
        success_count: 1,
        error_count: 1,
        errors: ['second check failed'],
        details: { slot: '2026-01-01T00:00:00.000Z', errors: ['second check failed'] },
      }),
    ]);
    expect((await s.db.pool.query("SELECT 1 FROM job_history_names WHERE name = 'deferred-short'")).rowCount).toBe(1);
  });

  it('write the rows of thousands of runs in one statement', async () => {
    const start = new Date();
    const row = (i: number) => ({
      name: 'deferred-many',
      resourceType: 'canary',
      resourceId: `c-${i}`,
      hostname: 'h',
      timeStart: start,
      status: 'FAILED' as const,
      successCount: 0,
      errorCount: 2,
      errors: ['first, with a comma', 'sec"ond'],
      details: { slot: i },
      durationMillis: 3,
      timeEnd: start,
    });
    // 14 columns a row: as one parameter per value this would pass PostgreSQL's 65,535 parameters.
    await s.ctx.jobs.history.recordFinished(Array.from({ length: 5_000 }, (_, i) => row(i)));
    const rows = await rowsOf('deferred-many');
    expect(rows).toHaveLength(5_000);
    expect(rows[0]).toMatchObject({ status: 'FAILED', error_count: 2, errors: ['first, with a comma', 'sec"ond'] });
  });

  it('show a run that outlives the threshold as RUNNING and close that row at its end', async () => {
    const run = s.ctx.jobs.defer('deferred-long', {}, 20);
    await expect.poll(async () => (await rowsOf('deferred-long')).map((r) => r.status)).toEqual(['RUNNING']);
    run.tally.success(2);
    expect(await run.end()).toBeUndefined();
    expect(await rowsOf('deferred-long')).toEqual([expect.objectContaining({ status: 'SUCCESS', success_count: 2 })]);
    await expect(run.end()).rejects.toThrow(/ended twice/);
  });

  it('on shutdown: a run that ends when aborted is STOPPED, a RUNNING one that does not end is marked STOPPED', async () => {
    const polite = s.ctx.jobs.defer('deferred-stop', {}, 60_000);
    const stubborn = s.ctx.jobs.defer('deferred-stop', {}, 20);
    await expect.poll(async () => (await rowsOf('deferred-stop')).length).toBe(1);
    const ended = new Promise((resolve) =>
      polite.signal.addEventListener('abort', () => resolve(polite.end({ error: polite.signal.reason }))),
    );
    await s.ctx.jobs.stop(200);
    expect(await ended).toMatchObject({ status: 'STOPPED', errors: ['server shutting down'] });
    const [row] = await rowsOf('deferred-stop');
    expect(row!.status).toBe('STOPPED');
    expect(row!.errors[0]).toContain('server shut down');
    // Its late end leaves STOPPED alone.
    await stubborn.end();
    expect((await rowsOf('deferred-stop'))[0]!.status).toBe('STOPPED');
    expect(() => s.ctx.jobs.defer('deferred-stop', {})).toThrow(/shutting down/);
  });
});
