// The topology relations of /api/db through HTTP on the real database: the pickers and sidebar lists
// (viewers read them), team links with the team embedded, checks by component, manual config links
// (made and removed by writers, refused to viewers, a 4xx naming a missing component, listed from the
// item's side), and the settings lists of topologies and log backends (specs validated, soft delete).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/test-server.js';
import { insertChecks, insertComponent, insertConfig, insertTopology, type SeededComponent } from './topology-test-helpers.js';

let s: TestServer;
const c: Record<string, SeededComponent> = {};
let teamId = '';
let configId = '';
let checkId = '';

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const pool = s.ctx.db.pool;
  const db = s.ctx.db;
  const t = await insertTopology(db, 'rel');
  c.root = await insertComponent(db, { topologyId: t, name: 'cluster', type: 'Cluster', labels: { env: 'prod' } });
  c.app = await insertComponent(db, {
    topologyId: t,
    name: 'app',
    type: 'Service',
    parent: c.root,
    labels: { env: 'prod', tier: 'web' },
    logs: [{ name: 'app', type: 'file' }],
  });
  c.gone = await insertComponent(db, { topologyId: t, name: 'gone', type: 'Ghost', deleted: true });
  teamId = (await pool.query<{ id: string }>(`INSERT INTO teams (name, icon) VALUES ('platform', 'team-icon') RETURNING id`)).rows[0]!.id;
  await pool.query(`INSERT INTO team_components (team_id, component_id) VALUES ($1, $2)`, [teamId, c.app.id]);
  const k = await insertChecks(db, 'rel-canary', [{ name: 'app-http' }]);
  checkId = k.ids['app-http']!;
  await pool.query(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id) VALUES ($1, $2, $3, 'sel')`,
    [c.app.id, checkId, k.canaryId],
  );
  configId = await insertConfig(db, 'app-deploy', 'Kubernetes::Deployment');
});
afterAll(async () => {
  await s?.stop();
});

const get = <T>(path: string, as: TestUser = 'viewer') => s.json<T>(`/api/db/${path}`, { as });
const send = <T>(method: string, path: string, body: unknown, as: TestUser = 'admin') =>
  s.json<T>(`/api/db/${path}`, {
    as,
    method,
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });

describe('topology relations', () => {
  it('lets viewers read components and the pickers built on them, without deleted components', async () => {
    const comps = await get<Array<{ id: string; name: string }>>(`components?select=id,name&order=name.asc`);
    expect([comps.status, comps.body.map((x) => x.name)]).toEqual([200, ['app', 'cluster', 'gone']]);
    const names = await get<Array<{ name: string }>>('component_names?order=name.asc');
    expect(names.body.map((x) => x.name)).toEqual(['app', 'cluster']);
    const byType = await get<Array<{ name: string }>>('component_names?type=in.(Cluster)');
    expect(byType.body.map((x) => x.name)).toEqual(['cluster']);
    const one = await get<Array<{ id: string; name: string }>>(`components?id=eq.${c.app!.id}`);
    expect(one.body).toEqual([expect.objectContaining({ id: c.app!.id, name: 'app', path: c.root!.id })]);
    const withLogs = await get<Array<{ name: string; logs: unknown }>>('components_with_logs');
    expect(withLogs.body).toEqual([expect.objectContaining({ name: 'app', logs: [{ name: 'app', type: 'file' }] })]);
    const labels = await get<Array<{ key: string; value: string }>>('component_labels?order=key.asc,value.asc');
    expect(labels.body).toEqual([
      { key: 'env', value: 'prod' },
      { key: 'tier', value: 'web' },
    ]);
    const types = await get<Array<{ type: string }>>('component_types?order=type.asc');
    expect(types.body.map((x) => x.type)).toEqual(['Cluster', 'Service']);
  });

  it('lists team links with the team embedded and checks by component', async () => {
    const teams = await get<Array<{ team_id: string; team: { id: string; name: string; icon: string } }>>(
      `team_components?component_id=eq.${c.app!.id}&select=team_id,team:team_id(id,name,icon)`,
    );
    expect(teams.body).toEqual([{ team_id: teamId, team: { id: teamId, name: 'platform', icon: 'team-icon' } }]);
    const checks = await get<Array<{ check_id: string; name: string }>>(`checks_by_component?component_id=eq.${c.app!.id}`);
    expect(checks.body).toEqual([expect.objectContaining({ check_id: checkId, name: 'app-http', selector_id: 'sel' })]);
  });

  it('makes and removes a manual config link; viewers may not; a missing component is a 409 naming it', async () => {
    const link = { component_id: c.app!.id, config_id: configId };
    const denied = await send('POST', 'config_component_relationships', link, 'viewer');
    expect(denied.status).toBe(403);
    const made = await send<Array<{ selector_id: string }>>('POST', 'config_component_relationships', { ...link, selector_id: 'manual' });
    expect([made.status, made.body[0]!.selector_id]).toEqual([201, 'manual']);

    // The catalogue item's page lists the components it is linked to through the same relation.
    const fromItem = await get<Array<{ component: { id: string; name: string } }>>(
      `config_component_relationships?config_id=eq.${configId}&select=component:components(id,name,icon)`,
    );
    expect(fromItem.body).toEqual([{ component: { id: c.app!.id, name: 'app', icon: null } }]);
    // And a component's configs the other way round.
    const fromComponent = await get<Array<{ config: { name: string } }>>(
      `config_component_relationships?component_id=eq.${c.app!.id}&select=config:config_items(name)`,
    );
    expect(fromComponent.body).toEqual([{ config: { name: 'app-deploy' } }]);

    const missing = randomUUID();
    const bad = await send<{ code: string; message: string; details: string }>('POST', 'config_component_relationships', {
      component_id: missing,
      config_id: configId,
    });
    expect(bad.status).toBe(409);
    expect(bad.body.code).toBe('23503');
    expect(`${bad.body.message} ${bad.body.details}`).toContain(missing);
    expect(bad.body.details).toContain('components');

    const where = `config_component_relationships?component_id=eq.${c.app!.id}&config_id=eq.${configId}&selector_id=eq.manual`;
    const viewerDelete = await s.request(`/api/db/${where}`, { as: 'viewer', method: 'DELETE' });
    expect(viewerDelete.status).toBe(403);
    const removed = await s.request(`/api/db/${where}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect((await get<unknown[]>(`config_component_relationships?config_id=eq.${configId}`)).body).toEqual([]);
  });

  it("refuses removing a selector's link through the API; the run and cascades still remove such links", async () => {
    const pool = s.ctx.db.pool;
    const item = await insertConfig(s.ctx.db, 'selected-item', 'Kubernetes::Service');
    await pool.query(`INSERT INTO config_component_relationships (component_id, config_id, selector_id) VALUES ($1, $2, 'sel-1')`, [
      c.app!.id,
      item,
    ]);
    const refused = await s.json<{ code: string; message: string }>(
      `/api/db/config_component_relationships?component_id=eq.${c.app!.id}&config_id=eq.${item}`,
      { method: 'DELETE' },
    );
    expect([refused.status, refused.body.code]).toEqual([403, '42501']);
    expect(refused.body.message).toContain('only manual links can be removed');
    expect((await get<unknown[]>(`config_component_relationships?config_id=eq.${item}`)).body).toHaveLength(1);

    // A topology run removes the links its selectors no longer match.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('ops.topology_run', 'on', true)`);
      const removed = await client.query(`DELETE FROM config_component_relationships WHERE config_id = $1`, [item]);
      expect(removed.rowCount).toBe(1);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    // Deleting the item takes its links with it.
    await pool.query(`DELETE FROM config_items WHERE id = $1`, [item]);
    expect((await pool.query(`SELECT 1 FROM config_component_relationships WHERE config_id = $1`, [item])).rowCount).toBe(0);
  });

  it('creates, validates, lists and soft-deletes topologies; viewers read but cannot write', async () => {
    const spec = { type: 'App', icon: 'app', schedule: '@every 5m', components: [{ name: 'web', type: 'Service' }] };
    const viewer = await send('POST', 'topologies', { name: 'viewer-topology', spec }, 'viewer');
    expect(viewer.status).toBe(403);
    const invalid = await send<{ message: string }>('POST', 'topologies', { name: 'broken', spec: { components: [{ type: 'Service' }] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('spec');
    expect(invalid.body.message).toContain('name');
    const notObject = await send<{ message: string }>('POST', 'topologies', { name: 'broken', spec: 'components' });
    expect([notObject.status, notObject.body.message]).toEqual([400, expect.stringContaining('spec')]);

    const made = await send<Array<{ id: string; source: string; created_by: string }>>('POST', 'topologies', { name: 'shop', spec });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body[0]!.id;
    expect(made.body[0]).toMatchObject({ source: 'UI', created_by: s.ids.admin });
    const listed = await get<Array<{ id: string; name: string; schedule: string }>>(`topologies_with_status?id=eq.${id}`);
    expect(listed.body).toEqual([expect.objectContaining({ id, name: 'shop' })]);

    const patchViewer = await send('PATCH', `topologies?id=eq.${id}`, { deleted_at: new Date().toISOString() }, 'viewer');
    expect(patchViewer.status).toBe(403);
    const deleted = await send('PATCH', `topologies?id=eq.${id}`, { deleted_at: new Date().toISOString() });
    expect(deleted.status).toBe(200);
    expect((await get<unknown[]>(`topologies?id=eq.${id}&deleted_at=is.null`)).body).toEqual([]);
    expect((await get<unknown[]>(`topologies?id=eq.${id}`)).body).toHaveLength(1);
  });

  it('creates, validates, lists and soft-deletes log backends; viewers read but cannot write', async () => {
    const viewer = await send('POST', 'logging_backends', { name: 'files', spec: { file: { path: '/var/log/*.log' } } }, 'viewer');
    expect(viewer.status).toBe(403);
    const invalid = await send<{ message: string }>('POST', 'logging_backends', { name: 'loki', spec: { loki: {} } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('spec.loki.url');
    const unknownKind = await send<{ message: string }>('POST', 'logging_backends', { name: 'x', spec: { splunk: {} } });
    expect([unknownKind.status, unknownKind.body.message]).toEqual([400, expect.stringContaining('splunk')]);
    const made = await send<Array<{ id: string }>>('POST', 'logging_backends', {
      name: 'files',
      spec: { file: { path: '/var/log/*.log' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body[0]!.id;
    const listed = await get<Array<{ name: string }>>(`logging_backends_with_status?id=eq.${id}`);
    expect(listed.body).toEqual([expect.objectContaining({ name: 'files', spec: { file: { path: '/var/log/*.log' } } })]);
    const patched = await send('PATCH', `logging_backends?id=eq.${id}`, { deleted_at: new Date().toISOString() });
    expect(patched.status).toBe(200);
    expect((await get<unknown[]>(`logging_backends?id=eq.${id}&deleted_at=is.null`)).body).toEqual([]);
  });

  it('keeps the component relations read-only', async () => {
    for (const rel of ['components', 'component_names', 'team_components']) {
      const r = await send('POST', rel, { name: 'x' });
      expect([403, 405], rel).toContain(r.status);
    }
  });
});
