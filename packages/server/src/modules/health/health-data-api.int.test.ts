import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { storeStatuses } from './check-results.repository.js';
import { apply, checksOf, execCanary } from './health-test-helpers.js';

let s: TestServer;
let checkId: string;
let canaryId: string;
const base = Date.now() - 60 * 60_000;

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const res = await apply(s, execCanary('rows', '@every 1m', { one: 'true', two: 'true' }, 'rows'));
  canaryId = res.body.results![0]!.id;
  const checks = await checksOf(s, canaryId);
  checkId = checks[0]!.id;
  await storeStatuses(
    s.ctx.db,
    Array.from({ length: 30 }, (_, i) => ({
      checkId,
      time: new Date(base + i * 60_000),
      duration: i * 100,
      status: i % 3 !== 0,
      invalid: false,
      message: `run ${i}`,
      error: i % 3 === 0 ? 'down' : '',
      detail: { i },
      nextRuntime: null,
    })),
  );
});
afterAll(async () => {
  await s?.stop();
});

describe('health relations of the data API', () => {
  it('pages check_statuses with status=eq.1/0, duration=gte, time=gt and an exact count', async () => {
    const get = (q: string) =>
      s.request(`/api/db/check_statuses?check_id=eq.${checkId}&${q}`, { headers: { prefer: 'count=exact' }, as: 'viewer' });
    const healthy = await get('status=eq.1&order=time.desc&limit=5&offset=0');
    expect(healthy.status).toBe(206);
    expect(healthy.headers.get('content-range')).toBe('0-4/20');
    const rows = (await healthy.json()) as Array<{ status: boolean; time: string; message: string }>;
    expect(rows.every((r) => r.status)).toBe(true);
    expect(rows[0]!.message).toBe('run 29');
    const unhealthy = await get('status=eq.0&limit=50');
    expect(unhealthy.headers.get('content-range')).toBe('0-9/10');
    const slow = await get('duration=gte.2500&limit=50');
    expect(slow.headers.get('content-range')).toBe('0-4/5');
    const recent = await get(`time=gt.${new Date(base + 24.5 * 60_000).toISOString()}&limit=50`);
    expect(recent.headers.get('content-range')).toBe('0-4/5');
  });

  it('serves checks, check_names and canaries_with_status', async () => {
    await s.ctx.db.kysely.updateTable('checks').set({ status: 'healthy' }).where('id', '=', checkId).execute();
    const withStatus = await s.json<
      Array<{ name: string; checks: Record<string, number>; checks_count: number; passing: number; schedule: string }>
    >(`/api/db/canaries_with_status?id=eq.${canaryId}&select=*`);
    expect(withStatus.body).toEqual([
      expect.objectContaining({
        name: 'rows',
        checks_count: 2,
        passing: 1,
        schedule: '@every 1m',
        checks: { healthy: 1, unhealthy: 0, unknown: 1 },
      }),
    ]);
    const names = await s.json<Array<{ name: string }>>(`/api/db/check_names?canary_id=eq.${canaryId}&order=name.asc`, { as: 'viewer' });
    expect(names.body.map((n) => n.name)).toEqual(['one', 'two']);
    const check = await s.json<Array<{ id: string; type: string; spec: { script: string } }>>(
      `/api/db/checks?id=eq.${checkId}&select=id,type,spec`,
    );
    expect(check.body).toEqual([{ id: checkId, type: 'exec', spec: expect.objectContaining({ script: 'true' }) }]);
  });

  it('links checks to components and configs', async () => {
    const component = '11111111-2222-3333-4444-555555555555';
    const config = '66666666-7777-8888-9999-000000000000';
    await s.ctx.db.pool.query(`INSERT INTO components (id, name) VALUES ($1, 'linked')`, [component]);
    await s.ctx.db.pool.query('INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)', [
      component,
      checkId,
      canaryId,
    ]);
    await s.ctx.db.pool.query('INSERT INTO check_config_relationships (config_id, check_id, canary_id) VALUES ($1, $2, $3)', [
      config,
      checkId,
      canaryId,
    ]);
    const byComponent = await s.json<Array<{ check_id: string; name: string }>>(`/api/db/checks_by_component?component_id=eq.${component}`);
    expect(byComponent.body).toEqual([expect.objectContaining({ check_id: checkId, name: 'one' })]);
    const forConfig = await s.json<Array<{ config_id: string }>>(`/api/db/check_summary_for_config?id=eq.${checkId}&select=config_id`);
    expect(forConfig.body).toEqual([{ config_id: config }]);
  });

  it('writes canaries as editor but not as viewer; the spec is the only place of the schedule', async () => {
    const post = (as: 'editor' | 'viewer', body: unknown) =>
      s.json<Array<{ id: string; spec: { schedule: string }; source: string }>>('/api/db/canaries', {
        method: 'POST',
        as,
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify(body),
      });
    expect((await post('viewer', { name: 'nope', spec: {} })).status).toBe(403);
    const created = await post('editor', {
      name: 'edited',
      spec: { schedule: '@every 2m', http: [{ name: 'h', url: 'http://127.0.0.1:9/' }] },
    });
    expect(created.status).toBe(201);
    const id = created.body[0]!.id;
    expect(created.body[0]).toMatchObject({ spec: { schedule: '@every 2m' }, source: 'UI' });
    const column = await s.json<{ code: string; message: string }>(`/api/db/canaries?id=eq.${id}`, {
      method: 'PATCH',
      as: 'editor',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ schedule: '*/5 * * * *' }),
    });
    expect(column.status).toBe(400);
    expect(column.body.message).toContain("Could not find the 'schedule' column of 'canaries'");
    const patched = await s.request(`/api/db/canaries?id=eq.${id}`, {
      method: 'PATCH',
      as: 'editor',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: { schedule: '*/5 * * * *', http: [{ name: 'h', url: 'http://127.0.0.1:9/' }] } }),
    });
    expect(patched.status).toBe(204);
    const read = await s.json<Array<{ spec: { schedule: string } }>>(`/api/db/canaries?id=eq.${id}&select=spec`);
    expect(read.body[0]!.spec.schedule).toBe('*/5 * * * *');
    const bad = await s.json<{ message: string }>(`/api/db/canaries?id=eq.${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: { schedule: 'every now and then', http: [{ name: 'h', url: 'http://127.0.0.1:9/' }] } }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('spec.schedule');
  });
});
