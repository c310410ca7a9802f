import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { JobsStoppingError } from './job-recorder.js';

interface Row {
  name: string;
  status: string;
  resource_type: string | null;
  resource_id: string | null;
  agent_id: string | null;
  success_count: number;
  error_count: number;
  errors: string[];
  details: Record<string, unknown>;
  hostname: string;
  duration_millis: number;
  time_end: Date | null;
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

async function row(id: string): Promise<Row> {
  const { rows } = await s.db.pool.query<Row>('SELECT * FROM job_history WHERE id = $1', [id]);
  return rows[0]!;
}

describe('job history recorder', () => {
  it('records RUNNING while the body runs and SUCCESS with counts, details, duration and hostname after', async () => {
    let seenWhileRunning: Row | undefined;
    const agentId = '00000000-0000-0000-0000-000000000000';
    const id = await s.ctx.jobs.record('recorder-success', { resourceType: 'team', resourceId: 'r-1', agentId }, async (run) => {
      seenWhileRunning = await row(run.historyId);
      run.success(3);
      run.details.summary = { added: 3 };
      await new Promise((r) => setTimeout(r, 30));
      return run.historyId;
    });
    expect(seenWhileRunning?.status).toBe('RUNNING');
    const r = await row(id);
    expect(r).toMatchObject({
      status: 'SUCCESS',
      resource_type: 'team',
      resource_id: 'r-1',
      agent_id: agentId,
      success_count: 3,
      error_count: 0,
      errors: [],
      hostname: hostname(),
    });
    expect(r.details).toEqual({ summary: { added: 3 } });
    expect(r.duration_millis).toBeGreaterThanOrEqual(25);
    expect(r.time_end).not.toBeNull();
    const names = await s.db.pool.query("SELECT name FROM job_history_names WHERE name = 'recorder-success'");
    expect(names.rowCount).toBe(1);
  });

  it('ends WARNING with errors and successes, FAILED with errors only, and on a throw (rethrown)', async () => {
    const warn = await s.ctx.jobs.record('recorder-mixed', {}, async (run) => {
      run.success();
      run.error(new Error('item 2 broke'));
      return run.historyId;
    });
    expect(await row(warn)).toMatchObject({ status: 'WARNING', success_count: 1, error_count: 1, errors: ['item 2 broke'] });
    expect((await row(warn)).details).toEqual({ errors: ['item 2 broke'] });

    const warned = await s.ctx.jobs.record('recorder-mixed', {}, async (run) => {
      run.warn('nothing to do: source empty');
      return run.historyId;
    });
    expect(await row(warned)).toMatchObject({ status: 'WARNING', error_count: 0, errors: ['nothing to do: source empty'] });

    const failed = await s.ctx.jobs.record('recorder-mixed', {}, async (run) => {
      run.error('first');
      run.error({ code: 42 });
      return run.historyId;
    });
    expect(await row(failed)).toMatchObject({ status: 'FAILED', success_count: 0, error_count: 2, errors: ['first', '{"code":42}'] });

    let thrownId = '';
    await expect(
      s.ctx.jobs.record('recorder-mixed', {}, async (run) => {
        thrownId = run.historyId;
        run.success(2);
        throw new Error('source unreachable');
      }),
    ).rejects.toThrow('source unreachable');
    expect(await row(thrownId)).toMatchObject({ status: 'FAILED', success_count: 2, error_count: 1, errors: ['source unreachable'] });
  });

  it('on shutdown marks a run that ignores the signal STOPPED, ends a run that honours it STOPPED, and refuses new runs', async () => {
    let stubbornId = '';
    let politeId = '';
    let release!: () => void;
    const stubborn = s.ctx.jobs.record('recorder-stop', {}, async (run) => {
      stubbornId = run.historyId;
      await new Promise<void>((r) => (release = r));
      run.success();
    });
    const polite = s.ctx.jobs
      .record('recorder-stop', {}, async (run) => {
        politeId = run.historyId;
        await new Promise((_, reject) => run.signal.addEventListener('abort', () => reject(new Error('aborted by shutdown'))));
      })
      .catch((err: unknown) => err);
    while (!stubbornId || !politeId) await new Promise((r) => setTimeout(r, 10));
    expect(s.ctx.jobs.running).toBe(2);
    await s.ctx.jobs.stop(300);
    expect(String(await polite)).toContain('aborted by shutdown');
    expect(await row(politeId)).toMatchObject({ status: 'STOPPED', errors: ['aborted by shutdown'] });
    const stopped = await row(stubbornId);
    expect(stopped.status).toBe('STOPPED');
    expect(stopped.errors[0]).toContain('server shut down');
    // The stubborn body ending later does not overwrite STOPPED.
    release();
    await stubborn;
    expect((await row(stubbornId)).status).toBe('STOPPED');
    await expect(s.ctx.jobs.record('recorder-stop', {}, async () => undefined)).rejects.toBeInstanceOf(JobsStoppingError);
  });
});
