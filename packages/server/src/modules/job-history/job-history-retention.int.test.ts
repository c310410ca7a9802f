import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULES } from '../../jobs/schedules.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { jobHistoryRetention } from './job-history-retention.job.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false', OPS_JOB_HISTORY_RETENTION_DAYS: '10' });
});
afterAll(async () => {
  await s?.stop();
});

describe('job history retention', () => {
  it('is declared in schedules.ts', () => {
    expect(SCHEDULES.find((x) => x.name === 'job-history-retention')?.run).toBe(jobHistoryRetention);
  });

  it('deletes, in batches, only rows older than OPS_JOB_HISTORY_RETENTION_DAYS and stops abandoned runs', async () => {
    const q = (text: string) => s.db.pool.query(text);
    // 12,000 old rows need three batches of 5,000.
    await q(`INSERT INTO job_history (name, status, created_at, time_start)
             SELECT 'retention-old', 'SUCCESS', now() - interval '11 days' - i * interval '1 second', now() - interval '11 days'
             FROM generate_series(1, 12000) i`);
    await q(`INSERT INTO job_history (name, status, created_at, time_start) VALUES
               ('retention-kept', 'SUCCESS', now() - interval '9 days', now() - interval '9 days'),
               ('retention-kept', 'FAILED', now(), now())`);
    await q(`INSERT INTO job_history (name, status, created_at, time_start) VALUES
               ('retention-abandoned', 'RUNNING', now() - interval '2 days', now() - interval '2 days'),
               ('retention-running', 'RUNNING', now() - interval '5 minutes', now() - interval '5 minutes')`);

    const runId = await s.ctx.jobs.record('job-history-retention', { resourceType: 'job_history' }, async (run) => {
      await jobHistoryRetention(s.ctx, run);
      return run.historyId;
    });

    const counts = await q(
      `SELECT name, status, count(*)::int AS n FROM job_history WHERE name LIKE 'retention-%' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(counts.rows).toEqual([
      { name: 'retention-abandoned', status: 'STOPPED', n: 1 },
      { name: 'retention-kept', status: 'FAILED', n: 1 },
      { name: 'retention-kept', status: 'SUCCESS', n: 1 },
      { name: 'retention-running', status: 'RUNNING', n: 1 },
    ]);
    const run = await s.db.pool.query('SELECT status, success_count, details FROM job_history WHERE id = $1', [runId]);
    expect(run.rows[0]).toEqual({
      status: 'SUCCESS',
      success_count: 12000,
      details: { summary: { retention_days: 10, deleted: 12000, abandoned_runs_stopped: 1 } },
    });
  });
});
