// Database errors about the database's state, not the request, through a real endpoint on a real database:
// a statement the database cancels answers 503 with the cause, never an internal error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

describe('a statement the database cancels', () => {
  it('answers 503 naming the cancel, and the next call succeeds', async () => {
    expect((await s.request('/api/canary/api/summary')).status).toBe(200);
    // Hold a lock the summary's statement waits for, then cancel that statement as an operator would.
    const holder = await s.db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE checks IN ACCESS EXCLUSIVE MODE');
      const pending = s.request('/api/canary/api/summary');
      let cancelled = false;
      for (let i = 0; i < 100 && !cancelled; i++) {
        const r = await s.db.pool.query<{ cancelled: boolean }>(
          `SELECT pg_cancel_backend(pid) AS cancelled FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND query ILIKE '%check_summary_text%' AND pid <> pg_backend_pid()`,
        );
        cancelled = r.rows.some((row) => row.cancelled);
        if (!cancelled) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(cancelled).toBe(true);
      const res = await pending;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(((await res.json()) as { error: string }).error).toMatch(/cancelled the query/);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect((await s.request('/api/canary/api/summary')).status).toBe(200);
  });
});
