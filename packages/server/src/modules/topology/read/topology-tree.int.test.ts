// GET /api/canary/api/topology through HTTP on the real database: roots and subtrees, every filter,
// sorting, flattening, hidden components, agents, depth, the filter options, 404s and 400s.
import { randomUUID } from 'node:crypto';
import { topologyTreeResponseSchema, type TopologyComponent, type TopologyTreeResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { insertComponent, insertTopology, type SeededComponent } from '../topology-test-helpers.js';

let s: TestServer;
const c: Record<string, SeededComponent> = {};
let agentId = '';
let teamId = '';

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const pool = s.ctx.db.pool;
  const db = s.ctx.db;
  const t = await insertTopology(db, 'tree-test');
  agentId = (await pool.query<{ id: string }>(`INSERT INTO agents (name) VALUES ('edge') RETURNING id`)).rows[0]!.id;
  teamId = (await pool.query<{ id: string }>(`INSERT INTO teams (name, icon) VALUES ('team-a', 'group') RETURNING id`)).rows[0]!.id;
  const add = async (key: string, spec: Parameters<typeof insertComponent>[1]) => {
    c[key] = await insertComponent(db, { topologyId: t, ...spec });
  };
  await add('alpha', { name: 'alpha', type: 'Cluster', health: 'healthy', labels: { env: 'prod' } });
  await add('api', {
    name: 'a-api',
    type: 'Service',
    health: 'unhealthy',
    parent: c.alpha,
    summary: { checks: { healthy: 1, unhealthy: 2 }, insights: { security: { critical: 1 } } },
    properties: [{ name: 'cpu', value: 250, unit: 'millicores' }],
  });
  await add('pod', { name: 'a-api-pod', type: 'Pod', health: 'healthy', parent: c.api });
  await add('container', { name: 'a-container', type: 'Container', health: 'healthy', parent: c.pod });
  await add('process', { name: 'a-process', type: 'Process', health: 'healthy', parent: c.container });
  await add('db', { name: 'a-db', type: 'Database', health: 'warning', hidden: true, parent: c.alpha });
  await add('replica', { name: 'a-db-replica', type: 'Pod', health: 'healthy', parent: c.db });
  await add('cache', { name: 'a-cache', type: 'Service', health: 'healthy', parent: c.alpha, labels: { env: 'prod' } });
  await add('beta', { name: 'beta', type: 'Cluster', health: 'unhealthy', labels: { env: 'dev' }, agentId });
  await add('web', { name: 'b-web', type: 'Service', health: 'healthy', parent: c.beta, agentId });
  await add('gamma', { name: 'gamma', type: 'Application', health: 'warning', labels: { env: 'prod', tier: 'web' } });
  await add('gone', { name: 'gone', type: 'Cluster', health: 'unhealthy', deleted: true });
  await pool.query(`INSERT INTO team_components (team_id, component_id) VALUES ($1, $2), ($1, $3)`, [teamId, c.alpha!.id, c.cache!.id]);
});
afterAll(async () => {
  await s?.stop();
});

const tree = async (query = '', as: 'admin' | 'viewer' = 'admin') => {
  const r = await s.json<TopologyTreeResponse>(`/api/canary/api/topology${query ? `?${query}` : ''}`, { as });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const names = (list: TopologyComponent[] | undefined) => (list ?? []).map((x) => x.name);

describe('GET /api/canary/api/topology', () => {
  it('returns the live roots sorted by health (unhealthy first) with their children, and filter options', async () => {
    const shallow = await tree('', 'viewer');
    expect(names(shallow.components)).toEqual(['beta', 'gamma', 'alpha']);
    expect(names(shallow.components[2]!.components)).toEqual(['a-api', 'a-db', 'a-cache']);
    expect(shallow.components[2]!.components!.every((x) => x.components === undefined)).toBe(true);
    const body = await tree('depth=3', 'viewer');
    expect(names(body.components)).toEqual(['beta', 'gamma', 'alpha']);
    const alpha = body.components[2]!;
    expect(names(alpha.components)).toEqual(['a-api', 'a-db', 'a-cache']);
    const api = alpha.components![0]!;
    expect(api.summary).toEqual({ checks: { healthy: 1, unhealthy: 2 }, insights: { security: { critical: 1 } } });
    expect(api.properties).toEqual([{ name: 'cpu', value: 250, unit: 'millicores' }]);
    expect(api).toMatchObject({ path: c.alpha!.id, parent_id: c.alpha!.id, type: 'Service', health: 'unhealthy', logs: [] });
    // Three levels under a root: the service (1), the pod (2) and the container (3); the process (4) is not read.
    expect(names(api.components)).toEqual(['a-api-pod']);
    expect(names(api.components![0]!.components)).toEqual(['a-container']);
    expect(api.components![0]!.components![0]!.components).toBeUndefined();
    expect(body.types).toEqual(['Application', 'Cluster']);
    expect(body.healthStatuses).toEqual(['unhealthy', 'warning', 'healthy']);
    expect(body.teams).toEqual(['team-a']);
    expect(body.tags).toEqual({ env: ['dev', 'prod'], tier: ['web'] });
    expect(JSON.stringify(body)).not.toContain('"teams":[{');
    // The JSON PostgreSQL rendered is the shared wire shape, timestamps included.
    const parsed = topologyTreeResponseSchema.safeParse(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(new Date(api.created_at).getTime()).toBeGreaterThan(Date.now() - 3_600_000);
  });

  it('filters the cards by health, type, labels and team (by name or id)', async () => {
    expect(names((await tree('status=healthy,warning')).components)).toEqual(['gamma', 'alpha']);
    expect(names((await tree('type=Cluster')).components)).toEqual(['beta', 'alpha']);
    expect(names((await tree('type=Cluster,Application')).components)).toEqual(['beta', 'gamma', 'alpha']);
    expect(names((await tree('labels=env%3Dprod')).components)).toEqual(['gamma', 'alpha']);
    expect(names((await tree('labels=env%3Dprod,tier%3Dweb')).components)).toEqual(['gamma']);
    expect(names((await tree('team=team-a')).components)).toEqual(['alpha']);
    expect(names((await tree(`team=${teamId}`)).components)).toEqual(['alpha']);
    expect(names((await tree('team=nobody')).components)).toEqual([]);
    // The options still list every choice while a filter is on.
    expect((await tree('type=Cluster')).types).toEqual(['Application', 'Cluster']);
  });

  it('sorts by name, type and timestamps in either order', async () => {
    expect(names((await tree('sortBy=name')).components)).toEqual(['alpha', 'beta', 'gamma']);
    expect(names((await tree('sortBy=name&sortOrder=desc')).components)).toEqual(['gamma', 'beta', 'alpha']);
    expect(names((await tree('sortBy=type')).components)).toEqual(['gamma', 'alpha', 'beta']);
    expect(names((await tree('sortBy=status&sortOrder=desc')).components)).toEqual(['alpha', 'gamma', 'beta']);
    expect(names((await tree('sortBy=created_at')).components)).toEqual(['alpha', 'beta', 'gamma']);
    expect(names((await tree('sortBy=created_at&sortOrder=desc')).components)).toEqual(['gamma', 'beta', 'alpha']);
    // Children follow the same order.
    expect(names((await tree('sortBy=name')).components[0]!.components)).toEqual(['a-api', 'a-cache', 'a-db']);
  });

  it('returns one component with its children as the cards, filtered, with the depth asked', async () => {
    const body = await tree(`id=${c.alpha!.id}&depth=3`);
    expect(names(body.components)).toEqual(['alpha']);
    const cards = body.components[0]!.components!;
    expect(names(cards)).toEqual(['a-api', 'a-db', 'a-cache']);
    // Cards are depth 1 here; three levels under them reach the process (depth 4).
    expect(names(cards[0]!.components![0]!.components![0]!.components)).toEqual(['a-process']);
    expect(body.types).toEqual(['Database', 'Service']);
    expect(names((await tree(`id=${c.alpha!.id}&status=healthy`)).components[0]!.components)).toEqual(['a-cache']);
    expect(names((await tree(`id=${c.alpha!.id}&labels=env%3Dprod`)).components[0]!.components)).toEqual(['a-cache']);
    expect(names((await tree(`id=${c.alpha!.id}&team=team-a`)).components[0]!.components)).toEqual(['a-cache']);
    const shallow = await tree(`id=${c.alpha!.id}&depth=0`);
    expect(shallow.components[0]!.components!.every((x) => x.components === undefined)).toBe(true);
    const deep = await tree(`id=${c.pod!.id}`);
    expect(names(deep.components)).toEqual(['a-api-pod']);
    expect(names(deep.components[0]!.components)).toEqual(['a-container']);
    // By default the cards carry their children and no more.
    expect(names(deep.components[0]!.components![0]!.components)).toEqual(['a-process']);
    expect(deep.components[0]!.components![0]!.components![0]!.components).toBeUndefined();
    const leaf = await tree(`id=${c.process!.id}`);
    expect(leaf.components).toEqual([expect.objectContaining({ name: 'a-process', components: [] })]);
  });

  it('leaves hidden components and their subtrees out with hidden=false', async () => {
    expect(names((await tree(`id=${c.alpha!.id}&hidden=false`)).components[0]!.components)).toEqual(['a-api', 'a-cache']);
    expect(names((await tree(`id=${c.alpha!.id}&hidden=true`)).components[0]!.components)).toEqual(['a-api', 'a-db', 'a-cache']);
    const flat = names((await tree('flatten=true&hidden=false')).components);
    expect(flat).not.toContain('a-db');
    expect(flat).not.toContain('a-db-replica');
    // Asked by id, a hidden component still answers.
    expect(names((await tree(`id=${c.db!.id}&hidden=false`)).components)).toEqual(['a-db']);
  });

  it('flattens every live component into one sorted list', async () => {
    const body = await tree('flatten=true&sortBy=name');
    expect(names(body.components)).toEqual([
      'a-api',
      'a-api-pod',
      'a-cache',
      'a-container',
      'a-db',
      'a-db-replica',
      'a-process',
      'alpha',
      'b-web',
      'beta',
      'gamma',
    ]);
    expect(body.components.every((x) => x.components === undefined)).toBe(true);
    expect(body.teams).toEqual(['team-a']);
    expect(body.types).toEqual(['Application', 'Cluster', 'Container', 'Database', 'Pod', 'Process', 'Service']);
    const pods = await tree(`flatten=true&id=${c.alpha!.id}&type=Pod&sortBy=name`);
    expect(names(pods.components)).toEqual(['alpha', 'a-api-pod', 'a-db-replica']);
  });

  it("keeps an agent's components only with agent_id", async () => {
    const body = await tree(`agent_id=${agentId}`);
    expect(names(body.components)).toEqual(['beta']);
    expect(names(body.components[0]!.components)).toEqual(['b-web']);
    expect(names((await tree(`agent_id=${agentId}&flatten=true&sortBy=name`)).components)).toEqual(['b-web', 'beta']);
  });

  it("answers 404 'Component not found' for an unknown or deleted id", async () => {
    for (const id of [randomUUID(), c.gone!.id]) {
      const r = await s.json<{ message: string }>(`/api/canary/api/topology?id=${id}`);
      expect([r.status, r.body.message]).toEqual([404, 'Component not found']);
    }
  });

  it('answers 400 naming the parameter for bad values', async () => {
    const cases: Array<[string, string]> = [
      ['id=abc', 'id'],
      ['status=bogus', 'status'],
      ['sortBy=size', 'sortBy'],
      ['sortOrder=up', 'sortOrder'],
      ['labels=env', 'labels'],
      ['hidden=maybe', 'hidden'],
      ['flatten=1', 'flatten'],
      ['agent_id=edge', 'agent_id'],
      ['depth=99', 'depth'],
    ];
    for (const [query, param] of cases) {
      const r = await s.json<{ message: string }>(`/api/canary/api/topology?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.message, query).toContain(`querystring.${param}`);
    }
  });

  it('needs a caller', async () => {
    const r = await s.request('/api/canary/api/topology', { as: null });
    expect(r.status).toBe(401);
  });
});
