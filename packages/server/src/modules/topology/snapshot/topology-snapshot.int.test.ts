// GET /api/snapshot/topology/{id} through HTTP on the real database: the archive's files and what each
// holds (subtree, checks with runs in the range, linked configs, their changes in the range), the
// related components, the download headers, 404s, 400s and permissions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { insertChecks, insertComponent, insertConfig, insertTopology, type SeededComponent } from '../topology-test-helpers.js';
import { readZip } from './zip-test-helpers.js';

let s: TestServer;
const c: Record<string, SeededComponent> = {};
const checks: Record<string, string> = {};
const configs: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const pool = s.ctx.db.pool;
  const db = s.ctx.db;
  const t = await insertTopology(db, 'snap');
  c.root = await insertComponent(db, { topologyId: t, name: 'shop', type: 'Application' });
  c.api = await insertComponent(db, { topologyId: t, name: 'shop api/v1', type: 'Service', parent: c.root });
  c.pod = await insertComponent(db, { topologyId: t, name: 'api-pod', type: 'Pod', parent: c.api });
  c.web = await insertComponent(db, { topologyId: t, name: 'web', type: 'Service', parent: c.root });
  const linked = await insertChecks(db, 'snap-canary', [{ name: 'api-http' }, { name: 'web-http' }, { name: 'unlinked' }]);
  Object.assign(checks, linked.ids);
  await pool.query(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id) VALUES ($1, $2, $4, 's'), ($3, $5, $4, 's')`,
    [c.pod.id, checks['api-http'], c.web.id, linked.canaryId, checks['web-http']],
  );
  await pool.query(
    `INSERT INTO check_statuses (check_id, time, duration, status, message)
     VALUES ($1, now() - interval '30 minutes', 12, true, 'recent'), ($1, now() - interval '5 hours', 40, false, 'old'),
            ($2, now() - interval '10 minutes', 7, true, 'web recent')`,
    [checks['api-http'], checks['web-http']],
  );
  configs.deploy = await insertConfig(db, 'api-deploy', 'Kubernetes::Deployment');
  configs.webcfg = await insertConfig(db, 'web-deploy', 'Kubernetes::Deployment');
  await insertConfig(db, 'not-linked');
  await pool.query(`INSERT INTO config_component_relationships (component_id, config_id) VALUES ($1, $2), ($3, $4)`, [
    c.api.id,
    configs.deploy,
    c.web.id,
    configs.webcfg,
  ]);
  await pool.query(
    `INSERT INTO config_changes (config_id, change_type, summary, created_at)
     VALUES ($1, 'diff', 'recent change', now() - interval '20 minutes'), ($1, 'diff', 'old change', now() - interval '6 hours'),
            ($2, 'diff', 'web change', now() - interval '5 minutes')`,
    [configs.deploy, configs.webcfg],
  );
});
afterAll(async () => {
  await s?.stop();
});

async function snapshot(id: string, query = '', as: 'admin' | 'viewer' = 'admin') {
  const res = await s.request(`/api/snapshot/topology/${id}${query ? `?${query}` : ''}`, { as });
  const buf = Buffer.from(await res.arrayBuffer());
  expect(res.status, buf.toString().slice(0, 200)).toBe(200);
  const files = readZip(buf);
  const json = <T>(name: string) => JSON.parse(files.get(name)!.toString('utf8')) as T;
  return { res, files, json };
}

type Named = { name: string };

describe('GET /api/snapshot/topology/{id}', () => {
  it('archives the component with its subtree, linked checks with runs in the range, configs and their changes', async () => {
    const { res, files, json } = await snapshot(c.api!.id, 'start=2h', 'viewer');
    expect(res.headers.get('content-type')).toBe('application/zip');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="snapshot-shop-api-v1-${today}.zip"`);
    expect([...files.keys()]).toEqual(['component.json', 'checks.json', 'configs.json', 'changes.json', 'snapshot.json']);

    const component = json<Named & { id: string; components: Named[] }>('component.json');
    expect(component).toMatchObject({ id: c.api!.id, name: 'shop api/v1', type: 'Service' });
    expect(component.components.map((x) => x.name)).toEqual(['api-pod']);

    const checkList =
      json<Array<Named & { component_ids: string[]; statuses: Array<{ message: string; status: boolean }> }>>('checks.json');
    expect(checkList.map((k) => k.name)).toEqual(['api-http']);
    expect(checkList[0]!.component_ids).toEqual([c.pod!.id]);
    expect(checkList[0]!.statuses.map((x) => [x.message, x.status])).toEqual([['recent', true]]);

    const configList = json<Array<Named & { id: string; config: unknown }>>('configs.json');
    expect(configList.map((x) => [x.id, x.name])).toEqual([[configs.deploy, 'api-deploy']]);
    expect(configList[0]!.config).toEqual({ spec: {} });

    const changes = json<Array<{ summary: string; config_id: string }>>('changes.json');
    expect(changes.map((x) => [x.summary, x.config_id])).toEqual([['recent change', configs.deploy]]);
    expect(json<{ component_id: string; related: boolean }>('snapshot.json')).toMatchObject({ component_id: c.api!.id, related: false });
  });

  it('widens the range with an earlier start', async () => {
    const { json } = await snapshot(c.api!.id, `start=${encodeURIComponent(new Date(Date.now() - 8 * 3_600_000).toISOString())}`);
    expect(json<Array<{ statuses: unknown[] }>>('checks.json')[0]!.statuses).toHaveLength(2);
    expect(json<Array<{ summary: string }>>('changes.json').map((x) => x.summary)).toEqual(['recent change', 'old change']);
  });

  it('adds the parent and siblings, with their checks and configs, when related=true', async () => {
    const { files, json } = await snapshot(c.api!.id, 'start=2h&related=true');
    expect(files.has('related.json')).toBe(true);
    expect(json<Named[]>('related.json').map((x) => x.name)).toEqual(['shop', 'web']);
    expect(json<Named[]>('checks.json').map((x) => x.name)).toEqual(['api-http', 'web-http']);
    expect(json<Named[]>('configs.json').map((x) => x.name)).toEqual(['api-deploy', 'web-deploy']);
    expect(json<Array<{ summary: string }>>('changes.json').map((x) => x.summary)).toEqual(['web change', 'recent change']);
  });

  it("answers 404 'Component not found', 400 naming a bad start or id, and 401 without a caller", async () => {
    const missing = await s.json<{ message: string }>(`/api/snapshot/topology/${randomUUID()}`);
    expect([missing.status, missing.body.message]).toEqual([404, 'Component not found']);
    const badStart = await s.json<{ message: string }>(`/api/snapshot/topology/${c.api!.id}?start=yesterday`);
    expect(badStart.status).toBe(400);
    expect(badStart.body.message).toContain('start');
    const badRelated = await s.json<{ message: string }>(`/api/snapshot/topology/${c.api!.id}?related=yes`);
    expect([badRelated.status, badRelated.body.message]).toEqual([400, expect.stringContaining('related')]);
    const badId = await s.json<{ message: string }>('/api/snapshot/topology/shop');
    expect([badId.status, badId.body.message]).toEqual([400, expect.stringContaining('id')]);
    expect((await s.request(`/api/snapshot/topology/${c.api!.id}`, { as: null })).status).toBe(401);
  });
});
