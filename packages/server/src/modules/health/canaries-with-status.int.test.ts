// /settings/canaries reads canaries_with_status one page at a time: the latest run's status, start, details and
// errors, when it last failed and who created it, all computed by the database (0029), with an exact count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { apply, checksOf, execCanary } from './health-test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

interface ListRow {
  id: string;
  name: string;
  schedule: string;
  labels: Record<string, string>;
  job_name: string | null;
  job_status: string | null;
  job_time_start: string | null;
  job_details: { summary?: { passed: number; failed: number } } | null;
  job_errors: string[] | null;
  job_last_failed: string | null;
  created_by: { id: string; name: string } | null;
}

// The list's own request: only the columns it shows, the creator embedded, live rows, newest first, counted.
const SELECT = 'id,name,schedule,labels,job_name,job_status,job_time_start,job_details,job_errors,job_last_failed,created_by(id,name)';
const page = (limit: number, offset: number, as: 'admin' | 'editor' = 'admin') =>
  s.json<ListRow[]>(
    `/api/db/canaries_with_status?select=${SELECT}&deleted_at=is.null&order=created_at.desc&limit=${limit}&offset=${offset}`,
    {
      headers: { prefer: 'count=exact' },
      as,
    },
  );
const runNow = (checkId: string) => s.json<{ pass?: boolean }>(`/api/canary/run/check/${checkId}`, { method: 'POST' });

describe('canaries_with_status for the settings list', () => {
  it('shows the latest run, when the canary last failed and who created it, one page at a time', async () => {
    const applied = await apply(s, execCanary('list-runs', '@every 1h', { good: 'true', bad: 'echo broken >&2; exit 1' }));
    expect(applied.status).toBe(200);
    const ranId = applied.body.results![0]!.id;
    const created = await s.json<Array<{ id: string }>>('/api/db/canaries', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'list-never-ran',
        labels: { team: 'sre', tier: 'db' },
        spec: { schedule: '@every 5m', http: [{ name: 'x', url: 'http://127.0.0.1:9/' }] },
      }),
      as: 'editor',
    });
    expect(created.status).toBe(201);
    const neverId = created.body[0]!.id;

    // A failing run, then a passing one: the status is the latest run's, Last Failed stays the failure's start.
    const checks = await checksOf(s, ranId);
    const byName = new Map(checks.map((c) => [c.name, c.id]));
    expect((await runNow(byName.get('bad')!)).status).toBe(200);
    const failed = await s.json<Array<{ time_start: string }>>(
      `/api/db/job_histories?resource_type=eq.canary&resource_id=eq.${ranId}&status=eq.FAILED&select=time_start`,
    );
    expect(failed.body).toHaveLength(1);
    const whileFailing = (await page(2, 0)).body.find((r) => r.id === ranId)!;
    expect(whileFailing).toMatchObject({ job_status: 'FAILED', job_details: { summary: { passed: 0, failed: 1 } } });
    expect(whileFailing.job_errors).toEqual([expect.stringContaining('bad')]);
    expect((await runNow(byName.get('good')!)).status).toBe(200);

    const first = await page(1, 0);
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('0-0/2');
    expect(first.body).toEqual([
      {
        id: neverId,
        name: 'list-never-ran',
        // The scheduler fills the schedule in shortly after a data-API write (jobs are off here).
        schedule: expect.any(String),
        labels: { team: 'sre', tier: 'db' },
        job_name: null,
        job_status: null,
        job_time_start: null,
        job_details: null,
        job_errors: null,
        job_last_failed: null,
        created_by: { id: s.ids.editor, name: expect.stringContaining('editor') },
      },
    ]);
    const second = await page(1, 1);
    expect(second.headers.get('content-range')).toBe('1-1/2');
    const ran = second.body[0]!;
    expect(ran).toMatchObject({ id: ranId, name: 'list-runs', schedule: '@every 1h', job_name: 'canary-run', job_status: 'SUCCESS' });
    expect(ran.job_details?.summary).toEqual({ passed: 1, failed: 0 });
    expect(ran.job_errors).toEqual([]);
    expect(new Date(ran.job_last_failed!).getTime()).toBe(new Date(failed.body[0]!.time_start).getTime());
    expect(new Date(ran.job_time_start!).getTime()).toBeGreaterThan(new Date(ran.job_last_failed!).getTime());
  });

  it('leaves deleted canaries out of the page and the count', async () => {
    const victim = await apply(s, execCanary('list-deleted', '@every 1h', { one: 'true' }));
    const victimId = victim.body.results![0]!.id;
    const before = await page(100, 0);
    const total = Number(before.headers.get('content-range')!.split('/')[1]);
    expect(before.body.map((r) => r.id)).toContain(victimId);
    expect((await s.request(`/api/db/canaries?id=eq.${victimId}`, { method: 'DELETE' })).status).toBe(204);
    const after = await page(100, 0);
    expect(after.headers.get('content-range')).toBe(`0-${total - 2}/${total - 1}`);
    expect(after.body.map((r) => r.id)).not.toContain(victimId);
  });

  it('answers a bad sort or an unknown column with a 400 naming it', async () => {
    const order = await s.json<{ message: string }>('/api/db/canaries_with_status?order=nope.desc');
    expect(order.status).toBe(400);
    expect(order.body.message).toContain('nope');
    const limit = await s.json<{ message: string }>('/api/db/canaries_with_status?limit=many');
    expect(limit.status).toBe(400);
  });
});
