// POST /api/logs through HTTP on a real server against loopback peers that answer the real query APIs
// (Loki, OpenSearch, the Kubernetes pod log API), the server's own log, and the errors: unknown
// component, component without logs, bad spec, unreachable backend, the disabled logs feature.
import type { LogsResponse } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { startKubeApi, type KubeApiPeer, type KubeObject } from '../../test/peers/kube-api.js';
import { startLoki, startOpenSearch, type Peer } from './logs-test-peers.js';

let server: TestServer;
const peers: Peer[] = [];
const kubes: KubeApiPeer[] = [];

beforeAll(async () => {
  server = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  for (const p of peers) await p.close();
  for (const k of kubes) await k.stop();
  await server.stop();
});

async function backend(name: string, spec: unknown): Promise<void> {
  await server.db.pool.query('INSERT INTO logging_backends (name, spec) VALUES ($1, $2)', [name, JSON.stringify(spec)]);
}

async function component(name: string, logs: unknown[]): Promise<string> {
  const { rows } = await server.db.pool.query<{ id: string }>('INSERT INTO components (name, log_selectors) VALUES ($1, $2) RETURNING id', [
    name,
    JSON.stringify(logs),
  ]);
  return rows[0]!.id;
}

async function connection(body: Record<string, unknown>): Promise<void> {
  const res = await server.json('/api/connections', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

const logs = (body: Record<string, unknown>, as: 'admin' | 'viewer' | null = 'admin') =>
  server.json<LogsResponse & { message?: string }>('/api/logs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    as,
  });

const NS = 1_000_000n;

describe('loki backend', () => {
  it('sends query_range backward in nanoseconds with the selector labels and text, with the connection credentials, and pages', async () => {
    const t0 = BigInt(Date.now() - 600_000) * NS;
    const loki = await startLoki(
      [
        {
          labels: { app: 'pay', pod: 'pay-1' },
          values: [0, 1, 2, 3, 4].map((i) => [t0 + BigInt(i) * 1000n * NS, `level=error msg="charge ${i} failed"`]),
        },
        { labels: { app: 'pay', pod: 'pay-2' }, values: [[t0 + 2500n * NS, 'level=info msg="charge ok"']] },
        { labels: { app: 'web' }, values: [[t0 + 1500n * NS, 'level=error msg="charge web failed"']] },
      ],
      `Basic ${Buffer.from('loki-user:loki-pass').toString('base64')}`,
    );
    peers.push(loki);
    await connection({ name: 'loki-conn', type: 'http', url: loki.url, username: 'loki-user', password: 'loki-pass' });
    await backend('loki', { loki: { connection: 'connection://default/loki-conn' } });
    const id = await component('pay', [{ name: 'pay', type: 'loki', labels: { app: 'pay' } }]);

    const first = await logs({ id, limit: 3, query: 'FAILED', start: 'now-1h' });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => r.message)).toEqual(['charge 4 failed', 'charge 3 failed', 'charge 2 failed']);
    expect(first.body.results[0]).toMatchObject({
      severity: 'error',
      labels: { app: 'pay', pod: 'pay-1' },
      timestamp: new Date(Number((t0 + 4000n * NS) / NS)).toISOString(),
    });
    const sent = loki.requests.at(-1)!;
    expect(sent.path).toBe('/loki/api/v1/query_range');
    expect(sent.params.get('query')).toBe('{app="pay"} |~ "(?i)failed"');
    expect(sent.params.get('direction')).toBe('backward');
    expect(sent.params.get('limit')).toBe('3');
    expect(sent.params.get('start')).toMatch(/^\d{19}$/);
    expect(BigInt(sent.params.get('end')!) - BigInt(Date.now()) * NS).toBeLessThan(0n);

    const second = await logs({ id, limit: 3, query: 'FAILED', start: 'now-1h', cursor: first.body.next_cursor });
    expect(second.status).toBe(200);
    expect(second.body.results.map((r) => r.message)).toEqual(['charge 1 failed', 'charge 0 failed']);
    expect(second.body.next_cursor).toBeUndefined();
    // Loki's end is exclusive: the next page ends just after the oldest line served (which it drops).
    expect(BigInt(loki.requests.at(-1)!.params.get('end')!)).toBe(t0 + 2000n * NS + 1n);
  });

  it('uses the spec query when the selector gives none and answers 502 naming the backend when Loki refuses', async () => {
    const loki = await startLoki([{ labels: { job: 'x' }, values: [[BigInt(Date.now() - 1000) * NS, 'hello']] }]);
    peers.push(loki);
    await backend('loki-plain', { loki: { url: loki.url, query: '{job="x"}' } });
    const id = await component('plain', [{ name: 'x', backend: 'loki-plain' }]);
    const ok = await logs({ id });
    expect(ok.body.results.map((r) => r.message)).toEqual(['hello']);
    expect(loki.requests.at(-1)!.params.get('query')).toBe('{job="x"}');

    await backend('loki-bad-query', { loki: { url: loki.url, query: 'sum(rate({job="x"}[1m]))' } });
    const bad = await component('bad-query', [{ name: 'x', backend: 'loki-bad-query' }]);
    const res = await logs({ id: bad });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Log backend loki-bad-query failed: HTTP 400: parse error/);
  });
});

describe('opensearch backend', () => {
  it('posts a bool query with range, labels and text to _search, sorted desc, and pages with search_after', async () => {
    const now = Date.now();
    const docs = Array.from({ length: 5 }, (_, i) => ({
      _id: `doc-${i}`,
      _source: {
        '@timestamp': new Date(now - (10 - i) * 60_000).toISOString(),
        message: `Order ${i} Timeout`,
        level: 'WARN',
        service: 'orders',
        host: { name: 'node-1' },
      },
    }));
    docs.push({
      _id: 'other',
      _source: {
        '@timestamp': new Date(now - 60_000).toISOString(),
        message: 'Order timeout',
        level: 'warn',
        service: 'web',
        host: { name: 'n2' },
      },
    });
    const os = await startOpenSearch('app-logs', docs);
    peers.push(os);
    await backend('search', { opensearch: { url: os.url, index: 'app-logs' } });
    const id = await component('orders', [{ name: 'orders', backend: 'search', labels: { service: 'orders' } }]);

    const first = await logs({ id, limit: 2, query: 'timeout', start: '1h' });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r) => r.id)).toEqual(['doc-4', 'doc-3']);
    expect(first.body.results[0]).toMatchObject({
      message: 'Order 4 Timeout',
      severity: 'warning',
      host: 'node-1',
      labels: { service: 'orders' },
    });
    expect(first.body.total).toBe(5);
    const sent = os.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/app-logs/_search' });
    const body = sent.body as {
      size: number;
      sort: unknown;
      query: { bool: { filter: Array<Record<string, unknown>>; must: unknown[] } };
      search_after?: unknown;
    };
    expect(body.size).toBe(2);
    expect(body.sort).toEqual([{ '@timestamp': { order: 'desc' } }]);
    expect(body.query.bool.filter).toContainEqual({ match_phrase: { service: 'orders' } });
    expect(body.query.bool.filter[0]).toMatchObject({ range: { '@timestamp': { gte: expect.any(String), lte: expect.any(String) } } });
    expect(body.query.bool.must).toEqual([{ match_phrase: { message: { query: 'timeout' } } }]);
    expect(body.search_after).toBeUndefined();

    const rest: string[] = [];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await logs({ id, limit: 2, query: 'timeout', start: '1h', cursor });
      rest.push(...page.body.results.map((r) => r.id));
      cursor = page.body.next_cursor;
    }
    expect(rest).toEqual(['doc-2', 'doc-1', 'doc-0']);
    expect((os.requests[1]!.body as { search_after: unknown }).search_after).toEqual([Date.parse(docs[3]!._source['@timestamp'])]);
  });

  it('answers 502 naming the backend for a missing index', async () => {
    const os = await startOpenSearch('present', []);
    peers.push(os);
    await backend('es-missing', { elasticsearch: { url: os.url, index: 'absent' } });
    const id = await component('es-missing', [{ name: 'x', backend: 'es-missing' }]);
    const res = await logs({ id });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Log backend es-missing failed: HTTP 404: .*index_not_found_exception/);
  });
});

describe('kubernetes backend', () => {
  it('reads pod logs with timestamps, tailLines and sinceSeconds through a kubernetes connection, merged newest first', async () => {
    const at = (msAgo: number, nanos = '') => new Date(Date.now() - msAgo).toISOString().replace(/\.(\d{3})Z$/, `.$1${nanos}Z`);
    const pod = (name: string, app: string): KubeObject => ({
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: { name, namespace: 'shop', labels: { app } },
    });
    const kube = await startKubeApi([pod('api-1', 'api'), pod('api-2', 'api'), pod('web-1', 'web')], {
      token: 'kube-token',
      podLogs: {
        'shop/api-1': [
          [at(5000, '100'), 'starting'],
          [at(3000, '200'), '{"level":"error","msg":"db down"}'],
        ],
        'shop/api-2': [[at(4000), 'I0101 12:00:00.000000       1 main.go:10] serving']],
        'shop/web-1': [[at(1000), 'web line']],
      },
    });
    kubes.push(kube);
    const requests = () => kube.requests.map((r) => new URL(r, kube.url));
    await connection({ name: 'cluster', type: 'kubernetes', certificate: kube.kubeconfig });
    await backend('pods', { kubernetes: { connection: 'cluster', namespace: 'shop' } });
    const id = await component('api', [{ name: 'api', type: 'kubernetes', labels: { app: 'api' } }]);

    const res = await logs({ id, start: 'now-1h', limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.message)).toEqual(['db down', 'serving']);
    expect(res.body.results[0]).toMatchObject({ severity: 'error', labels: { pod: 'api-1', namespace: 'shop' } });
    expect(res.body.results[1]!.labels.pod).toBe('api-2');
    const logCalls = requests().filter((r) => r.pathname.endsWith('/log'));
    expect(logCalls.map((r) => r.pathname).sort()).toEqual([
      '/api/v1/namespaces/shop/pods/api-1/log',
      '/api/v1/namespaces/shop/pods/api-2/log',
    ]);
    expect(Object.fromEntries(logCalls[0]!.searchParams)).toMatchObject({
      timestamps: 'true',
      tailLines: '10000',
      sinceSeconds: expect.stringMatching(/^36\d\d$/),
    });
    expect(
      requests()
        .find((r) => r.pathname === '/api/v1/namespaces/shop/pods')!
        .searchParams.get('labelSelector'),
    ).toBe('app=api');

    const next = await logs({ id, start: 'now-1h', limit: 2, cursor: res.body.next_cursor });
    expect(next.body.results.map((r) => r.message)).toEqual(['starting']);
    expect(next.body.next_cursor).toBeUndefined();
  });

  it('answers 502 naming the backend when the pod does not exist', async () => {
    await backend('one-pod', { kubernetes: { connection: 'connection://default/cluster', namespace: 'shop', pod: 'gone' } });
    const id = await component('gone', [{ name: 'x', backend: 'one-pod' }]);
    const res = await logs({ id });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(
      /^Log backend one-pod failed: GET \/api\/v1\/namespaces\/shop\/pods\/gone\/log returned HTTP 404: pods "gone" not found/,
    );
  });
});

describe('server backend', () => {
  it("reads the console's own log, newest first, filtered by text", async () => {
    const marker = `logs-backend-marker-${Date.now()}`;
    server.ctx.log.warn({ marker }, `first ${marker}`);
    server.ctx.log.error(`second ${marker}`);
    const id = await component('console', [{ name: 'server', type: 'server' }]);
    const res = await logs({ id, query: marker.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.backend).toBe('server');
    expect(res.body.results.map((r) => [r.message, r.severity])).toEqual([
      [`second ${marker}`, 'error'],
      [`first ${marker}`, 'warning'],
    ]);
    expect(res.body.results[1]!.labels.marker).toBe(marker);
    expect(Date.now() - Date.parse(res.body.results[0]!.timestamp)).toBeLessThan(60_000);
    // A start after the lines were logged leaves them out.
    const later = await logs({
      id,
      query: marker,
      start: new Date(Date.now() + 1000).toISOString(),
      end: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(later.body.results).toEqual([]);
  });
});

describe('errors', () => {
  it('answers 404 for an unknown component and for a component without logs', async () => {
    const unknown = await logs({ id: '00000000-0000-0000-0000-00000000abcd' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Component 00000000-0000-0000-0000-00000000abcd not found');
    const none = await component('silent', []);
    const res = await logs({ id: none });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Component has no logs');
    const named = await component('named', [{ name: 'a', type: 'server' }]);
    // Without backend or type, the backend called like the selector serves it.
    const byName = await component('by-name', [{ name: 'loki-plain' }]);
    expect((await logs({ id: byName })).body.backend).toBe('loki-plain');
    expect((await logs({ id: named, name: 'b' })).body.message).toBe('Component named has no logs named "b"');
  });

  it('answers 400 naming the field of a bad spec, a bad selector and a bad body', async () => {
    await backend('bad-spec', { loki: { url: 'ftp://nowhere' } });
    const id = await component('bad-spec', [{ name: 'x', backend: 'bad-spec' }]);
    const res = await logs({ id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Log backend bad-spec: spec.loki.url: must be an http or https URL');

    await backend('two-kinds', { file: { path: '/tmp/x' }, server: {} });
    const two = await component('two-kinds', [{ name: 'x', backend: 'two-kinds' }]);
    expect((await logs({ id: two })).body.message).toMatch(/^Log backend two-kinds: spec: must hold exactly one of file, loki/);

    const badSelector = await component('bad-selector', [{ name: 'x', type: 'syslog-ng' }]);
    const sel = await logs({ id: badSelector });
    expect(sel.status).toBe(400);
    expect(sel.body.message).toMatch(/^Component bad-selector: logs\[0\]\.type: must be one of file, loki/);

    const body = await logs({ limit: 5 });
    expect(body.status).toBe(400);
    expect(body.body.message).toMatch(/id \(a component\) or backend_id is required/);
    const cursor = await logs({ id: badSelector, cursor: 'not-a-cursor' });
    expect(cursor.status).toBe(400);
  });

  it('answers 502 naming the backend when it cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = await startLoki([]);
    await closed.close();
    await backend('dead-loki', { loki: { url: closed.url, query: '{a="b"}' } });
    const id = await component('dead', [{ name: 'x', backend: 'dead-loki' }]);
    const res = await logs({ id });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Log backend dead-loki failed: fetch failed: .*ECONNREFUSED/);
  });

  it('reads a backend directly by id, and only for a signed-in caller', async () => {
    const { rows } = await server.db.pool.query<{ id: string }>("SELECT id FROM logging_backends WHERE name = 'loki-plain'");
    const res = await logs({ backend_id: rows[0]!.id });
    expect(res.status).toBe(200);
    expect(res.body.backend).toBe('loki-plain');
    expect((await logs({ backend_id: rows[0]!.id }, 'viewer')).status).toBe(200);
    expect((await logs({ backend_id: rows[0]!.id }, null)).status).toBe(401);
  });

  it('answers 403 with a clear message while the logs feature is disabled', async () => {
    const id = await component('flagged', [{ name: 'server', type: 'server' }]);
    await server.db.pool.query("INSERT INTO properties (name, value) VALUES ('logs.disable', 'true')");
    try {
      const res = await logs({ id });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('The logs feature is disabled (property logs.disable is true)');
    } finally {
      await server.db.pool.query("DELETE FROM properties WHERE name = 'logs.disable'");
    }
    expect((await logs({ id })).status).toBe(200);
  });
});
