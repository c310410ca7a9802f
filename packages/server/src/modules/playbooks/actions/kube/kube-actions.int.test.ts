// The pod and kubernetes actions against a loopback Kubernetes API (discovery, pods with phases and
// logs, server-side apply and delete), through a stored kubernetes connection whose kubeconfig holds a
// bearer token: pods run, are read and always deleted; manifests are applied and deleted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/test-server.js';
import { createTestConnection, testActionContext } from '../actions-test-helpers.js';
import { runAction } from '../index.js';

const TOKEN = 'kube-token-1';
type Obj = Record<string, unknown> & {
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
};

let s: TestServer;
let api: http.Server;
let apiUrl: string;
const pods = new Map<string, Obj & { reads: number }>();
const configMaps = new Map<string, Obj>();
const calls: { method: string; path: string; type?: string }[] = [];

const command = (pod: Obj) => ((pod.spec?.containers as Array<{ command?: string[] }>)?.[0]?.command ?? []).join(' ');

function handle(req: http.IncomingMessage, body: string): { status: number; body: unknown; type?: string } {
  const url = new URL(req.url ?? '/', 'http://x');
  const p = url.pathname;
  calls.push({ method: req.method ?? '', path: p + url.search, type: req.headers['content-type'] });
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, body: { kind: 'Status', message: 'Unauthorized' } };
  if (p === '/api/v1')
    return {
      status: 200,
      body: {
        resources: [
          { name: 'pods', kind: 'Pod', namespaced: true },
          { name: 'pods/log', kind: 'Pod', namespaced: true },
          { name: 'configmaps', kind: 'ConfigMap', namespaced: true },
          { name: 'namespaces', kind: 'Namespace', namespaced: false },
        ],
      },
    };
  let m = /^\/api\/v1\/namespaces\/([^/]+)\/pods(?:\/([^/]+))?(\/log)?$/.exec(p);
  if (m) {
    const key = `${m[1]}/${m[2] ?? ''}`;
    if (req.method === 'POST') {
      const pod = JSON.parse(body) as Obj;
      pods.set(`${m[1]}/${pod.metadata.name}`, { ...pod, reads: 0 });
      return { status: 201, body: pod };
    }
    const pod = pods.get(key);
    if (!pod) return { status: 404, body: { message: `pods "${m[2]}" not found` } };
    if (req.method === 'DELETE') {
      pods.delete(key);
      return { status: 200, body: { kind: 'Status', status: 'Success' } };
    }
    if (m[3]) return { status: 200, body: `ran: ${command(pod)}\n`, type: 'text/plain' };
    pod.reads++;
    const cmd = command(pod);
    const done = pod.reads > 1 && !cmd.includes('forever');
    const failed = cmd.includes('fail');
    const phase = !done ? 'Running' : failed ? 'Failed' : 'Succeeded';
    const terminated = done ? { exitCode: failed ? 2 : 0, reason: failed ? 'Error' : 'Completed' } : undefined;
    return {
      status: 200,
      body: { ...pod, status: { phase, containerStatuses: [{ state: terminated ? { terminated } : { running: {} } }] } },
    };
  }
  m = /^\/api\/v1\/namespaces\/([^/]+)\/configmaps\/([^/]+)$/.exec(p);
  if (m) {
    const key = `${m[1]}/${m[2]}`;
    if (req.method === 'PATCH') {
      configMaps.set(key, JSON.parse(body) as Obj);
      return { status: 200, body: configMaps.get(key) };
    }
    if (req.method === 'DELETE')
      return configMaps.delete(key) ? { status: 200, body: {} } : { status: 404, body: { message: 'not found' } };
  }
  return { status: 404, body: { message: `no route ${req.method} ${p}` } };
}

beforeAll(async () => {
  api = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const out = handle(req, Buffer.concat(chunks).toString());
      res.writeHead(out.status, { 'content-type': out.type ?? 'application/json' });
      res.end(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  s = await startTestServer({ OPS_JOBS: 'false' });
  const kubeconfig = [
    'apiVersion: v1',
    'kind: Config',
    'current-context: test',
    'clusters: [{name: test, cluster: {server: "' + apiUrl + '"}}]',
    'users: [{name: test, user: {token: ' + TOKEN + '}}]',
    'contexts: [{name: test, context: {cluster: test, user: test}}]',
  ].join('\n');
  await createTestConnection(s, { name: 'cluster', type: 'kubernetes', certificate: kubeconfig });
  await createTestConnection(s, { name: 'not-kube', type: 'http', url: apiUrl });
});
afterAll(async () => {
  await s?.stop();
  await new Promise((resolve) => api.close(resolve));
});

const podBlock = (cmd: string) => ({
  name: 'Run {{.params.what}}',
  connection: 'connection://default/cluster',
  namespace: 'jobs',
  spec: { containers: [{ name: 'main', image: 'busybox', command: ['sh', '-c', cmd] }] },
});

describe('pod action', () => {
  it('creates the pod with the rendered spec, waits for it, returns its log and deletes it', async () => {
    const actx = testActionContext(s, { params: { what: 'report' } });
    const out = await runAction({ pod: podBlock('echo {{.params.what}}') }, actx);
    expect(out, out.error).toMatchObject({
      status: 'completed',
      result: { stdout: 'ran: sh -c echo report\n', phase: 'Succeeded', exitCode: 0 },
    });
    const name = String(out.result.pod);
    expect(name).toMatch(/^run-report-[0-9a-f]{8}$/);
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/namespaces/jobs/pods');
    expect(created).toBeDefined();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/v1/namespaces/jobs/pods/${name}`)).toBe(true);
    expect(pods.size).toBe(0);
  });

  it('fails when the pod fails, and still deletes it', async () => {
    const out = await runAction({ pod: podBlock('fail now') }, testActionContext(s, { params: { what: 'x' } }));
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/^pod jobs\/run-x-[0-9a-f]{8} failed \(Error\): ran: sh -c fail now/);
    expect(out.result).toMatchObject({ phase: 'Failed', exitCode: 2 });
    expect(pods.size).toBe(0);
  });

  it('stops waiting when the action is stopped and deletes the pod', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort('action timed out after 1.5s'), 1500);
    const out = await runAction({ pod: podBlock('run forever') }, testActionContext(s, { params: { what: 'y' } }, ac.signal));
    expect(out).toMatchObject({ status: 'failed', error: 'action timed out after 1.5s' });
    expect(pods.size).toBe(0);
  });
});

describe('kubernetes action', () => {
  it('applies rendered YAML manifests server-side and deletes objects', async () => {
    configMaps.set('default/old', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old' } });
    const out = await runAction(
      {
        kubernetes: {
          connection: 'cluster',
          apply:
            'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: apps}\ndata: {level: "{{.params.level}}"}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: second}\n',
          delete: [
            { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old' } },
            { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'never-there', namespace: 'apps' } },
          ],
        },
      },
      testActionContext(s, { params: { level: 'debug' } }),
    );
    expect(out, out.error).toMatchObject({
      status: 'completed',
      result: {
        applied: [
          { kind: 'ConfigMap', name: 'settings', namespace: 'apps' },
          { kind: 'ConfigMap', name: 'second' },
        ],
        deleted: [
          { kind: 'ConfigMap', name: 'old' },
          { kind: 'ConfigMap', name: 'never-there', namespace: 'apps', note: 'not found' },
        ],
      },
    });
    expect(configMaps.get('apps/settings')).toMatchObject({ data: { level: 'debug' } });
    expect(configMaps.has('default/second')).toBe(true);
    expect(configMaps.has('default/old')).toBe(false);
    const patch = calls.find((c) => c.method === 'PATCH' && c.path.startsWith('/api/v1/namespaces/apps/configmaps/settings'));
    expect(patch).toMatchObject({
      path: '/api/v1/namespaces/apps/configmaps/settings?fieldManager=ops-console-playbook&force=true',
      type: 'application/apply-patch+yaml',
    });
  });

  it('fails naming the cause: not a kubernetes connection, an unknown kind, no manifests', async () => {
    const ctx = testActionContext(s);
    expect(
      (
        await runAction(
          { kubernetes: { connection: 'not-kube', apply: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' } } } },
          ctx,
        )
      ).error,
    ).toBe('kubernetes.connection: connection default/not-kube is of type http, not kubernetes');
    const unknownKind = await runAction(
      { kubernetes: { connection: 'cluster', apply: { apiVersion: 'v1', kind: 'Widget', metadata: { name: 'a' } } } },
      ctx,
    );
    expect(unknownKind.error).toBe('kubernetes: the cluster has no Widget in v1');
    expect((await runAction({ kubernetes: { connection: 'cluster' } }, ctx)).error).toBe('kubernetes: set apply or delete (manifests)');
    expect((await runAction({ pod: { name: 'p', spec: {} } }, ctx)).error).toBe(
      'pod.connection: is required (a connection of type kubernetes)',
    );
  });
});
