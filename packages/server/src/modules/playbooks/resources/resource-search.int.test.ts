// POST /api/resources/search through HTTP on a real PostgreSQL: each list by its selectors (types, name
// globs, namespace, label, tag and field selectors, health, statuses, agent, free text), live rows only,
// the per-list limit, and bad selectors named in a 400.
import type { ResourceSearchResponse } from '@ops/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../../test/test-server.js';
import { insertCanary, insertCheck, insertComponent, insertConfig } from './read-test-helpers.js';

let s: TestServer;
const id: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const db = s.ctx.db.kysely;
  id.web1 = await insertConfig(db, {
    name: 'web-1',
    type: 'Kubernetes::Pod',
    health: 'unhealthy',
    status: 'Running',
    configClass: 'Pod',
    tags: { namespace: 'prod', cluster: 'eu' },
    labels: { app: 'web' },
  });
  id.web2 = await insertConfig(db, { name: 'web-2', type: 'Kubernetes::Pod', tags: { namespace: 'dev' }, labels: { app: 'web' } });
  id.db1 = await insertConfig(db, {
    name: 'db-1',
    type: 'Kubernetes::Pod',
    health: 'warning',
    tags: { namespace: 'prod' },
    labels: { app: 'db' },
  });
  id.node = await insertConfig(db, { name: 'node-1', type: 'Kubernetes::Node' });
  id.gone = await insertConfig(db, { name: 'web-gone', type: 'Kubernetes::Pod' });
  await sql`UPDATE config_items SET deleted_at = now() WHERE id = ${id.gone}`.execute(db);
  const agent = await sql<{ id: string }>`INSERT INTO agents (name) VALUES ('edge') RETURNING id::text AS id`.execute(db);
  await sql`UPDATE config_items SET agent_id = ${agent.rows[0]!.id} WHERE id = ${id.web2}`.execute(db);
  id.cluster = await insertComponent(db, { name: 'cluster-eu', type: 'KubernetesCluster', health: 'unhealthy', namespace: 'infra' });
  id.svc = await insertComponent(db, { name: 'checkout', type: 'Service', labels: { tier: 'front' } });
  const canary = await insertCanary(db, 'probes');
  id.http = await insertCheck(db, canary, { name: 'api-http', type: 'http', status: 'unhealthy', labels: { team: 'api' } });
  id.tcp = await insertCheck(db, canary, { name: 'db-tcp', type: 'tcp' });
});
afterAll(async () => {
  await s?.stop();
});

const search = (body: unknown, as: TestUser | null = 'admin') =>
  s.json<ResourceSearchResponse & { message?: string }>('/api/resources/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    as,
  });
const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('POST /api/resources/search', () => {
  it('answers each list by its selectors, live rows only, sorted by name', async () => {
    const r = await search({
      configs: [{ types: ['Kubernetes::Pod'] }],
      components: [{ types: ['KubernetesCluster'] }],
      checks: [{ types: ['http'] }],
    });
    expect(r.status).toBe(200);
    expect(names(r.body.configs)).toEqual(['db-1', 'web-1', 'web-2']);
    expect(r.body.configs[1]).toEqual({
      id: id.web1,
      name: 'web-1',
      type: 'Kubernetes::Pod',
      namespace: 'prod',
      agent: 'local',
      health: 'unhealthy',
      status: 'Running',
      icon: null,
      labels: { app: 'web' },
      tags: { namespace: 'prod', cluster: 'eu' },
    });
    expect(r.body.components).toEqual([
      expect.objectContaining({ id: id.cluster, name: 'cluster-eu', type: 'KubernetesCluster', namespace: 'infra', health: 'unhealthy' }),
    ]);
    expect(r.body.checks).toEqual([expect.objectContaining({ id: id.http, name: 'api-http', type: 'http', health: 'unhealthy' })]);
    const onlyConfigs = await search({ configs: [{ name: 'node-*' }] });
    expect(onlyConfigs.body).toEqual({ configs: [expect.objectContaining({ id: id.node })], components: [], checks: [] });
  });

  it('matches names with *, namespaces, label, tag and field selectors, health, statuses, agents and text', async () => {
    const cases: [unknown, string[]][] = [
      [{ name: 'web-*' }, ['web-1', 'web-2']],
      [{ name: 'web-1' }, ['web-1']],
      [{ namespace: 'prod' }, ['db-1', 'web-1']],
      [{ labelSelector: 'app=web' }, ['web-1', 'web-2']],
      [{ labelSelector: 'app in (db,cache)' }, ['db-1']],
      [{ labelSelector: 'app!=web', types: ['Kubernetes::Pod'] }, ['db-1']],
      [{ tagSelector: 'cluster=eu' }, ['web-1']],
      [{ tagSelector: '!namespace' }, ['node-1']],
      [{ fieldSelector: 'config_class=Pod' }, ['web-1']],
      [{ fieldSelector: 'type=Kubernetes::Pod,health!=healthy' }, ['db-1', 'web-1']],
      [{ health: 'unhealthy,warning' }, ['db-1', 'web-1']],
      [{ health: '!healthy' }, ['db-1', 'web-1']],
      [{ statuses: ['Running'] }, ['web-1']],
      [{ agent: 'edge' }, ['web-2']],
      [{ agent: 'local', name: 'web-*' }, ['web-1']],
      [{ agent: 'all', name: 'web-*' }, ['web-1', 'web-2']],
      [{ search: 'EB-' }, ['web-1', 'web-2']],
      [{ search: 'type=Kubernetes::Node' }, ['node-1']],
      [{ id: id.db1 }, ['db-1']],
    ];
    for (const [selector, want] of cases) {
      const r = await search({ configs: [selector] });
      expect(r.status, JSON.stringify(selector)).toBe(200);
      expect(names(r.body.configs), JSON.stringify(selector)).toEqual(want);
    }
    const either = await search({ configs: [{ name: 'node-1' }, { name: 'db-1' }] });
    expect(names(either.body.configs)).toEqual(['db-1', 'node-1']);
    const checks = await search({ checks: [{ labelSelector: 'team=api' }, { fieldSelector: 'canary=probes', name: 'db-*' }] });
    expect(names(checks.body.checks)).toEqual(['api-http', 'db-tcp']);
    const components = await search({ components: [{ labelSelector: 'tier=front' }, { health: 'unhealthy' }] });
    expect(names(components.body.components)).toEqual(['checkout', 'cluster-eu']);
  });

  it('keeps at most `limit` per list (50 by default)', async () => {
    const r = await search({ configs: [{}], checks: [{}], limit: 2 });
    expect(names(r.body.configs)).toEqual(['db-1', 'node-1']);
    expect(r.body.checks).toHaveLength(2);
    const db = s.ctx.db.kysely;
    await sql`
      INSERT INTO config_items (external_id, type, name)
      SELECT ARRAY['bulk-' || g], 'Bulk::Item', 'bulk-' || lpad(g::text, 3, '0') FROM generate_series(1, 60) g`.execute(db);
    expect((await search({ configs: [{ types: ['Bulk::Item'] }] })).body.configs).toHaveLength(50);
  });

  it('answers 400 naming a bad selector or limit, 401 without credentials; viewers may search', async () => {
    const bad: [unknown, RegExp][] = [
      [{ configs: [{}, { labelSelector: 'a in b' }] }, /^configs\[1\]\.labelSelector: cannot read label selector part "a in b"/],
      [{ checks: [{ fieldSelector: 'colour=red' }] }, /^checks\[0\]\.fieldSelector: unknown field 'colour'/],
      [{ components: [{ fieldSelector: 'just-text' }] }, /^components\[0\]\.fieldSelector: cannot read 'just-text'/],
      [{ configs: [{ types: 'Pod' }] }, /body\.configs\.0\.types/],
      [{ limit: 0 }, /body\.limit/],
      [{ limit: 501 }, /body\.limit/],
    ];
    for (const [body, message] of bad) {
      const r = await search(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await search({ configs: [{}] }, null)).status).toBe(401);
    const viewer = await search(
      { configs: [{ name: 'web-1' }], checks: [{ name: 'api-http' }], components: [{ name: 'checkout' }] },
      'viewer',
    );
    expect([viewer.body.configs.length, viewer.body.checks.length, viewer.body.components.length]).toEqual([1, 1, 1]);
  });
});
