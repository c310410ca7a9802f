// The playbook read API through HTTP on a real PostgreSQL: the Playbooks menu of a config, component and
// check (selectors that match and that do not, suggested playbooks first, defaults rendered for the
// resource and the caller), one playbook's parameters, and permissions and bad input.
import type { PlaybookListItem, PlaybookParamsResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { insertCanary, insertCheck, insertComponent, insertConfig, insertPlaybook } from './resources/read-test-helpers.js';

let s: TestServer;
const id: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const db = s.ctx.db.kysely;
  id.pod = await insertConfig(db, {
    name: 'pod-a',
    type: 'Kubernetes::Pod',
    health: 'unhealthy',
    configClass: 'Pod',
    tags: { namespace: 'prod' },
    labels: { app: 'web' },
    config: { spec: { replicas: 3 } },
  });
  id.node = await insertConfig(db, { name: 'node-1', type: 'Kubernetes::Node', labels: { environment: 'production' } });
  id.cluster = await insertComponent(db, { name: 'cluster-1', type: 'KubernetesCluster', health: 'unhealthy' });
  id.service = await insertComponent(db, { name: 'svc', type: 'Service' });
  const canary = await insertCanary(db, 'probes');
  id.failing = await insertCheck(db, canary, { name: 'api-http', type: 'http', status: 'unhealthy', spec: { password: 'hidden' } });
  id.passing = await insertCheck(db, canary, { name: 'web-http', type: 'http', status: 'healthy' });
  id.tcp = await insertCheck(db, canary, { name: 'db-tcp', type: 'tcp', status: 'unhealthy' });

  const pod = { types: ['Kubernetes::Pod'] };
  id.pbPods = await insertPlaybook(db, {
    name: 'restart-pod',
    title: 'Restart pod',
    category: 'Kubernetes',
    spec: {
      configs: [{ ...pod, labelSelector: 'app=web' }],
      parameters: [
        { name: 'message', label: 'Message', default: '{{.config.name}}', required: true },
        { name: 'ns', label: 'Namespace', default: '{{.config.tags.namespace}}' },
        { name: 'replicas', label: 'Replicas', default: '{{.config.config.spec.replicas}}' },
        { name: 'who', label: 'Who', default: '{{.user.email}}' },
        { name: 'dry', label: 'Dry run', type: 'checkbox', default: 'true' },
        { name: 'notes', label: 'Notes', type: 'code', properties: { language: 'yaml' } },
      ],
      actions: [{ name: 'a', exec: { script: 'true' } }],
    },
  });
  id.pbGlob = await insertPlaybook(db, {
    name: 'prod-pods',
    spec: { configs: [{ ...pod, namespace: 'prod', name: 'pod-*' }], actions: [] },
  });
  id.pbField = await insertPlaybook(db, {
    name: 'by-field',
    spec: { configs: [{ fieldSelector: 'config_class=Pod,health!=healthy' }], actions: [] },
  });
  id.pbHeal = await insertPlaybook(db, {
    name: 'heal-pod',
    title: 'Heal pod',
    category: 'Kubernetes',
    spec: { configs: [pod], on: { config: [{ event: 'unhealthy', filter: 'config.type == "Kubernetes::Pod"' }] }, actions: [] },
  });
  id.pbHealNo = await insertPlaybook(db, {
    name: 'heal-pod-filtered',
    title: 'Heal pod filtered',
    spec: { configs: [pod], on: { config: [{ event: 'unhealthy', filter: 'config.name == "other"' }] }, actions: [] },
  });
  id.pbNoMatch = await insertPlaybook(db, { name: 'db-pods', spec: { configs: [{ ...pod, labelSelector: 'app=db' }], actions: [] } });
  id.pbAgent = await insertPlaybook(db, { name: 'agent-pods', spec: { configs: [{ ...pod, agent: 'far-away' }], actions: [] } });
  id.pbDeleted = await insertPlaybook(db, { name: 'gone', deleted: true, spec: { configs: [pod], actions: [] } });
  id.pbNone = await insertPlaybook(db, {
    name: 'no-resource',
    spec: { parameters: [{ name: 'p', label: 'P', default: 'x{{.config.name}}y' }], actions: [] },
  });
  id.pbCluster = await insertPlaybook(db, {
    name: 'cluster-fix',
    spec: { components: [{ types: ['KubernetesCluster'] }], on: { component: [{ event: 'unhealthy' }] }, actions: [] },
  });
  id.pbCheck = await insertPlaybook(db, {
    name: 'http-check-fix',
    spec: {
      checks: [{ types: ['http'] }],
      on: { canary: [{ event: 'failed' }] },
      parameters: [
        { name: 'check_name', label: 'Check', default: '{{.check.name}}' },
        { name: 'canary', label: 'Canary', default: '{{.check.canary.name}} {{.check.spec}}' },
      ],
      actions: [],
    },
  });
});
afterAll(async () => {
  await s?.stop();
});

const list = (query: string, as: 'admin' | 'viewer' | 'norole' | null = 'admin') =>
  s.json<PlaybookListItem[] & { message?: string }>(`/api/playbook/list${query}`, { as });
const names = (items: PlaybookListItem[]) => items.map((i) => i.name);

describe('GET /api/playbook/list', () => {
  it('lists the playbooks whose config selectors match the item, suggested ones first', async () => {
    const r = await list(`?config_id=${id.pod}`);
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(['heal-pod', 'restart-pod', 'heal-pod-filtered', 'by-field', 'prod-pods']);
    expect(r.body.filter((i) => i.suggested).map((i) => i.name)).toEqual(['heal-pod']);
    const restart = r.body.find((i) => i.name === 'restart-pod')!;
    expect(restart).toMatchObject({ id: id.pbPods, title: 'Restart pod', category: 'Kubernetes' });
    expect(restart.parameters).toEqual([
      { name: 'message', label: 'Message', type: 'text', required: true, default: 'pod-a' },
      { name: 'ns', label: 'Namespace', type: 'text', required: false, default: 'prod' },
      { name: 'replicas', label: 'Replicas', type: 'text', required: false, default: '3' },
      { name: 'who', label: 'Who', type: 'text', required: false, default: 'admin@test.local' },
      { name: 'dry', label: 'Dry run', type: 'checkbox', required: false, default: true },
      { name: 'notes', label: 'Notes', type: 'code', required: false, properties: { language: 'yaml' } },
    ]);
  });

  it('renders defaults for the caller and leaves out items the selectors do not match', async () => {
    const r = await list(`?config_id=${id.node}`, 'viewer');
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual([]);
    const pods = await list(`?config_id=${id.pod}`, 'viewer');
    expect(pods.body.find((i) => i.name === 'restart-pod')!.parameters.find((p) => p.name === 'who')!.default).toBe('viewer@test.local');
  });

  it('matches components and checks; a failing check suggests the playbook triggered by a failed canary', async () => {
    const cluster = await list(`?component_id=${id.cluster}`);
    expect(cluster.body.map((i) => [i.name, i.suggested ?? false])).toEqual([['cluster-fix', true]]);
    expect(names((await list(`?component_id=${id.service}`)).body)).toEqual([]);

    const failing = await list(`?check_id=${id.failing}`);
    expect(failing.body.map((i) => [i.name, i.suggested ?? false])).toEqual([['http-check-fix', true]]);
    // The check's spec (it may hold credentials) is not part of the template data.
    expect(failing.body[0]!.parameters.map((p) => p.default)).toEqual(['api-http', 'probes ']);
    const passing = await list(`?check_id=${id.passing}`);
    expect(passing.body.map((i) => [i.name, i.suggested ?? false])).toEqual([['http-check-fix', false]]);
    expect(names((await list(`?check_id=${id.tcp}`)).body)).toEqual([]);
  });

  it('without a resource lists the playbooks that need none, their defaults rendered without one', async () => {
    const r = await list('');
    expect(names(r.body)).toEqual(['no-resource']);
    expect(r.body[0]!.parameters[0]!.default).toBe('xy');
  });

  it('answers 400 for a malformed or second id, 404 naming an unknown resource, 401 without credentials', async () => {
    const bad = await list('?config_id=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/config_id.*UUID/);
    const two = await list(`?config_id=${id.pod}&check_id=${id.failing}`);
    expect(two.status).toBe(400);
    expect(two.body.message).toMatch(/at most one of config_id, component_id and check_id/);
    const missing = '00000000-0000-4000-8000-000000000001';
    const unknown = await list(`?component_id=${missing}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`component_id: no component with id ${missing}`);
    expect((await list('', null)).status).toBe(401);
    expect((await list('', 'norole')).status).toBe(200);
  });
});

describe('POST /api/playbook/{id}/params', () => {
  const params = (playbookId: string, body: unknown, as: 'admin' | null = 'admin') =>
    s.json<PlaybookParamsResponse & { message?: string }>(`/api/playbook/${playbookId}/params`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      as,
    });

  it('renders the defaults for the resource given', async () => {
    const r = await params(id.pbPods!, { config_id: id.pod });
    expect(r.status).toBe(200);
    expect(r.body.params.map((p) => [p.name, p.default])).toEqual([
      ['message', 'pod-a'],
      ['ns', 'prod'],
      ['replicas', '3'],
      ['who', 'admin@test.local'],
      ['dry', true],
      ['notes', undefined],
    ]);
    const none = await params(id.pbPods!, {});
    expect(none.body.params[0]).toEqual({ name: 'message', label: 'Message', type: 'text', required: true, default: '' });
  });

  it('answers 404 for an unknown or deleted playbook and 400 for bad ids', async () => {
    const unknown = await params('00000000-0000-4000-8000-000000000002', { config_id: id.pod });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Playbook .* not found/);
    expect((await params(id.pbDeleted!, {})).status).toBe(404);
    const badPlaybook = await params('x', {});
    expect(badPlaybook.status).toBe(400);
    expect(badPlaybook.body.message).toMatch(/params\.id.*UUID/);
    const badConfig = await params(id.pbPods!, { config_id: 42 });
    expect(badConfig.status).toBe(400);
    expect(badConfig.body.message).toMatch(/body\.config_id/);
    expect((await params(id.pbPods!, {}, null)).status).toBe(401);
  });
});
