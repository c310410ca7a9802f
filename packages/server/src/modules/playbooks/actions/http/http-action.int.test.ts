// The http action against a loopback node:http peer: method, rendered URL and headers, a body rendered
// only with templateBody, JSON answers, a connection's base URL and basic auth, and non-2xx failures.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/test-server.js';
import { createTestConnection, testActionContext } from '../actions-test-helpers.js';
import { runAction } from '../index.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let s: TestServer;
let peer: http.Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  peer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url?.startsWith('/missing')) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such thing');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
  await new Promise((resolve) => peer.close(resolve));
});

const last = () => seen[seen.length - 1]!;

describe('http action', () => {
  it('POSTs a templated body with rendered headers and parses a JSON answer', async () => {
    const actx = testActionContext(s, { component: { name: 'api', status: 'healthy' } });
    const out = await runAction(
      {
        http: {
          url: `${base}/hook/{{.component.name}}`,
          method: 'POST',
          body: '{"component": {"name": "{{.component.name}}", "status": "{{.component.status}}"}}',
          templateBody: true,
          headers: [
            { name: 'X-Component', value: '{{.component.name}}' },
            { name: 'Content-Type', value: 'application/json' },
          ],
        },
      },
      actx,
    );
    expect(out).toMatchObject({ status: 'completed', result: { code: 200, json: { ok: true, path: '/hook/api' } } });
    expect(last()).toMatchObject({ method: 'POST', url: '/hook/api', body: '{"component": {"name": "api", "status": "healthy"}}' });
    expect(last().headers['x-component']).toBe('api');
  });

  it('sends the body as written without templateBody, and defaults to POST when there is a body', async () => {
    await runAction({ http: { url: `${base}/raw`, body: 'keep {{.params.x}}' } }, testActionContext(s, { params: { x: 'y' } }));
    expect(last()).toMatchObject({ method: 'POST', body: 'keep {{.params.x}}' });
    await runAction({ http: { url: `${base}/get` } }, testActionContext(s));
    expect(last()).toMatchObject({ method: 'GET', url: '/get' });
  });

  it('fails on a non-2xx answer with the code and body', async () => {
    const out = await runAction({ http: { url: `${base}/missing`, method: 'DELETE' } }, testActionContext(s));
    expect(out.status).toBe('failed');
    expect(out.error).toBe(`http: DELETE ${base}/missing answered 404: no such thing`);
    expect(out.result).toMatchObject({ code: 404, body: 'no such thing' });
  });

  it('uses a connection for the base URL and basic auth', async () => {
    await createTestConnection(s, { name: 'hook-peer', type: 'http', url: `${base}/api`, username: 'bot', password: 'pw' });
    const out = await runAction(
      { http: { connection: 'connection://default/hook-peer', url: '/items?x=1', method: 'PUT', body: '{}' } },
      testActionContext(s),
    );
    expect(out.status, out.error).toBe('completed');
    expect(last()).toMatchObject({ method: 'PUT', url: '/api/items?x=1' });
    expect(last().headers.authorization).toBe('Basic ' + Buffer.from('bot:pw').toString('base64'));
  });

  it('names the field when the URL or connection is wrong', async () => {
    expect(await runAction({ http: { url: 'ftp://x/y' } }, testActionContext(s))).toMatchObject({
      error: 'http.url: only http and https URLs are supported',
    });
    expect(await runAction({ http: { connection: 'nope' } }, testActionContext(s))).toMatchObject({
      error: 'http.connection: connection nope was not found',
    });
    const refused = await runAction({ http: { url: 'http://127.0.0.1:1/' } }, testActionContext(s));
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(/^http: GET http:\/\/127.0.0.1:1\/: .*ECONNREFUSED/);
  });
});
