import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckSummaryResponse, RunNowResponse } from '@ops/shared';
import { scheduleOf } from '../../scheduling/index.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { apply, checksOf, execCanary, fixture } from './health-test-helpers.js';

let s: TestServer;

beforeAll(async () => {
  // No background scheduler here: these tests drive runs through Run Now only.
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

describe('Canary kind', () => {
  it('applies exec_pass.yaml, creates its check, and Run Now makes it pass', async () => {
    const res = await apply(s, fixture('exec_pass.yaml'));
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([expect.objectContaining({ name: 'exec-pass', action: 'created' })]);
    const canaryId = res.body.results![0]!.id;
    const [check] = await checksOf(s, canaryId);
    expect(check).toMatchObject({ type: 'exec', name: 'exec-pass-check', status: 'unknown', namespace: 'default' });
    expect(check!.next_runtime).not.toBeNull();

    const run = await s.json<RunNowResponse>(`/api/canary/run/check/${check!.id}`, { method: 'POST', as: 'responder' });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ total: 1, success: 1, failed: 0, check: { id: check!.id, status: 'healthy' } });
    expect(run.body.results[0]).toMatchObject({ check_id: check!.id, pass: true });

    const summary = await s.json<CheckSummaryResponse>(`/api/canary/api/summary?canary_id=${canaryId}`, { as: 'viewer' });
    expect(summary.status).toBe(200);
    expect(summary.body.checks_summary).toEqual([
      expect.objectContaining({
        id: check!.id,
        canary_name: 'exec-pass',
        status: 'healthy',
        uptime: expect.objectContaining({ passed: 1, failed: 0 }),
      }),
    ]);
    expect(summary.body.counts).toEqual({ total: 1, passing: 1, failing: 0 });

    const jobs = await s.ctx.db.kysely
      .selectFrom('job_history')
      .selectAll()
      .where('resource_type', '=', 'canary')
      .where('resource_id', '=', canaryId)
      .execute();
    expect(jobs).toEqual([expect.objectContaining({ name: 'canary-run', status: 'SUCCESS', success_count: 1 })]);
  });

  it('re-applying the same document is unchanged; a changed one updates and keeps check ids', async () => {
    const yaml = execCanary('keep-ids', '@every 5m', { a: 'echo a', b: 'echo b' });
    const first = await apply(s, yaml);
    const id = first.body.results![0]!.id;
    const before = await checksOf(s, id);
    expect((await apply(s, yaml)).body.results![0]!.action).toBe('unchanged');
    const changed = await apply(s, execCanary('keep-ids', '@every 5m', { a: 'echo a2', c: 'echo c' }));
    expect(changed.body.results![0]).toMatchObject({ id, action: 'updated' });
    const after = await checksOf(s, id);
    expect(after.map((c) => c.name)).toEqual(['a', 'c']);
    expect(after[0]!.id).toBe(before.find((c) => c.name === 'a')!.id);
    const b = await s.ctx.db.kysely
      .selectFrom('checks')
      .select(['deleted_at'])
      .where('id', '=', before.find((c) => c.name === 'b')!.id)
      .executeTakeFirstOrThrow();
    expect(b.deleted_at).not.toBeNull();
  });

  it('refuses schedule_invalid.yaml with a 400 naming spec.schedule, writing nothing', async () => {
    const res = await apply(s, fixture('schedule_invalid.yaml'));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/spec\.schedule: invalid cron expression "8 46 \*"/);
    const row = await s.ctx.db.kysely.selectFrom('canaries').select('id').where('name', '=', 'schedule-invalid').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('lists, gets and deletes canaries as resources; deleting soft-deletes the checks', async () => {
    const created = await apply(s, execCanary('to-delete', '@every 1h', { x: 'echo x' }, 'team-a'));
    const id = created.body.results![0]!.id;
    const list = await s.json<{ items: Array<{ metadata: { name: string; namespace: string } }> }>(
      '/api/resources/canaries?namespace=team-a',
    );
    expect(list.body.items.map((i) => i.metadata.name)).toEqual(['to-delete']);
    const one = await s.json<{ spec: { schedule: string }; status: { source: string } }>(
      '/api/resources/canary/to-delete?namespace=team-a',
    );
    expect(one.body).toMatchObject({ spec: { schedule: '@every 1h' }, status: { source: 'apply' } });
    const del = await s.request('/api/resources/canary/to-delete?namespace=team-a', { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await checksOf(s, id)).toEqual([]);
    const sched = await scheduleOf(s.ctx.db.kysely, 'canary', id);
    expect(sched).toMatchObject({ dirty: false, next_run_at: null });
  });

  it('lets only admin, editor, responder and commander run a check now', async () => {
    const created = await apply(s, execCanary('rbac-run', '@every 1h', { r: 'echo r' }));
    const [check] = await checksOf(s, created.body.results![0]!.id);
    for (const as of ['viewer', 'norole'] as const) {
      const res = await s.json<{ message: string }>(`/api/canary/run/check/${check!.id}`, { method: 'POST', as });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('admin, editor, responder, commander');
    }
    expect((await s.request(`/api/canary/run/check/${check!.id}`, { method: 'POST', as: 'commander' })).status).toBe(200);
    expect((await s.request('/api/canary/run/check/00000000-0000-0000-0000-0000000000aa', { method: 'POST' })).status).toBe(404);
    expect((await s.request('/api/canary/run/check/not-a-uuid', { method: 'POST' })).status).toBe(400);
  });
  it('creates the checks a transform fans out into, each with its own status', async () => {
    const yaml = [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Canary',
      'metadata:',
      '  name: fan-out',
      'spec:',
      '  schedule: "@every 1h"',
      '  exec:',
      '    - name: parent',
      `      script: echo '{"items":[{"n":"alpha","ok":true},{"n":"beta","ok":false}]}'`,
      '      transform:',
      `        expr: "results.stdout.JSON().items.map(i, {'name': i.n, 'pass': i.ok}).toJSON()"`,
    ].join('\n');
    const res = await apply(s, yaml);
    expect(res.status).toBe(200);
    const canaryId = res.body.results![0]!.id;
    const [parent] = await checksOf(s, canaryId);
    const run = await s.json<RunNowResponse>(`/api/canary/run/check/${parent!.id}`, { method: 'POST' });
    expect(run.status).toBe(200);
    const checks = await checksOf(s, canaryId);
    expect(checks.map((c) => [c.name, c.transformed, c.status])).toEqual([
      ['alpha', true, 'healthy'],
      ['beta', true, 'unhealthy'],
      ['parent', false, 'healthy'],
    ]);
  });
});
