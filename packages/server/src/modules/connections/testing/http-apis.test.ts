// HTTP-speaking connection tests against loopback peers answering as Prometheus, Elasticsearch, an
// S3 store (which recomputes the SigV4 signature as AWS does), a Kubernetes API server and a plain
// web server; every failure names the cause and never echoes the password.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubeApi, type KubeApiPeer } from '../../../test/peers/kube-api.js';
import { sigv4Auth } from '../../../test/peers/sigv4-auth.js';
import { closedPort } from '../../../test/peers/tcp-listener.js';
import { testCertificate } from '../../../test/peers/tls-cert.js';
import { testConnection, type DecryptedConnection } from './index.js';

const WRONG = 'wrong-secret-Zq81';
const PASSWORD = 'peer-secret-Hx27';
const ACCESS_KEY = 'AKIAOPSTEST';
const SECRET_KEY = 'ops/secret+key-3f9';
const opts = () => ({ signal: new AbortController().signal, timeoutMs: 10_000 });
const conn = (type: string, fields: Partial<DecryptedConnection>): DecryptedConnection => ({
  id: '00000000-0000-4000-8000-000000000003',
  name: `${type}-test`,
  namespace: 'default',
  type,
  insecure_tls: false,
  properties: {},
  ...fields,
});
const failure = (c: DecryptedConnection) =>
  testConnection(c, opts()).then(
    () => 'passed',
    (e: Error) => e.message,
  );

const signedS3 =
  /^AWS4-HMAC-SHA256 Credential=AKIAOPSTEST\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/;

let base = '';
const seen: Array<{ path: string; authorization?: string }> = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://peer');
    seen.push({ path: url.pathname + url.search, authorization: req.headers.authorization });
    const basicOk = req.headers.authorization === `Basic ${Buffer.from(`ops:${PASSWORD}`).toString('base64')}`;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const xml = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
    };
    if (url.pathname === '/prom/api/v1/status/buildinfo') {
      if (!basicOk) return json(401, { status: 'error', error: 'unauthorized' });
      return json(200, { status: 'success', data: { version: '2.53.0', revision: 'abc' } });
    }
    if (url.pathname === '/es/_cluster/health') {
      if (!basicOk)
        return json(401, {
          error: { type: 'security_exception', reason: 'unable to authenticate user [ops] for REST request' },
          status: 401,
        });
      return json(200, { cluster_name: 'ops', status: 'yellow', number_of_nodes: 1 });
    }
    if (url.pathname === '/web') return json(200, { hello: 'world' });
    if (url.pathname === '/web/moved') {
      res.writeHead(302, { location: '/web' });
      return res.end();
    }
    if (url.pathname === '/web/broken') return json(503, { message: 'upstream is down' });
    if (url.pathname.startsWith('/s3/')) {
      const bucket = url.pathname.slice('/s3/'.length);
      if (url.searchParams.get('list-type') !== '2') return xml(400, '<Error><Code>InvalidRequest</Code></Error>');
      return sigv4Auth(req, res, Buffer.concat(chunks), ACCESS_KEY, SECRET_KEY, (r, status, body) => {
        if (status !== 200)
          return xml(403, `<Error><Code>SignatureDoesNotMatch</Code><Message>${(body as { message: string }).message}</Message></Error>`);
        if (bucket !== 'ops-bucket')
          return xml(404, `<Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message></Error>`);
        xml(
          200,
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><KeyCount>0</KeyCount></ListBucketResult>`,
        );
      });
    }
    json(404, { message: 'not found' });
  });
});

let kube: KubeApiPeer;
let secure: https.Server | undefined;
let secureBase = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  kube = await startKubeApi();
  const { key, cert } = await testCertificate();
  const tlsServer = https.createServer({ key, cert }, (_req, res) => res.end('secure'));
  secure = tlsServer;
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  secureBase = `https://127.0.0.1:${(tlsServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await kube.stop();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => secure?.close(resolve));
});

describe('prometheus and elasticsearch connection tests', () => {
  it('pass on the status APIs with basic credentials (fields or URL)', async () => {
    await expect(
      testConnection(conn('prometheus', { url: `${base}/prom`, username: 'ops', password: PASSWORD }), opts()),
    ).resolves.toBeUndefined();
    await expect(
      testConnection(conn('elasticsearch', { url: `${base}/es/`, username: 'ops', password: PASSWORD }), opts()),
    ).resolves.toBeUndefined();
    const inUrl = `http://ops:${PASSWORD}@${base.slice('http://'.length)}/es`;
    await expect(testConnection(conn('elasticsearch', { url: inUrl }), opts())).resolves.toBeUndefined();
  });

  it('name the refusal without the password', async () => {
    const prom = await failure(conn('prometheus', { url: `${base}/prom`, username: 'ops', password: WRONG }));
    expect(prom).toBe(`GET ${base}/prom/api/v1/status/buildinfo answered HTTP 401 Unauthorized: unauthorized`);
    const es = await failure(conn('elasticsearch', { url: `http://ops:${WRONG}@${base.slice(7)}/es` }));
    expect(es).toBe(`GET ${base}/es/_cluster/health answered HTTP 401 Unauthorized: unable to authenticate user [ops] for REST request`);
    expect(es).not.toContain(WRONG);
  });

  it('fail for a server that is not the service, and for a refused port', async () => {
    expect(await failure(conn('prometheus', { url: `${base}/web` }))).toMatch(/answered HTTP 404 Not Found/);
    const port = await closedPort();
    expect(await failure(conn('elasticsearch', { url: `http://127.0.0.1:${port}` }))).toMatch(
      new RegExp(`^GET http://127.0.0.1:${port}/_cluster/health failed: .*ECONNREFUSED`),
    );
  });
});

describe('http connection test', () => {
  it('passes on 2xx and 3xx, fails on 5xx with the reason', async () => {
    await expect(testConnection(conn('http', { url: `${base}/web` }), opts())).resolves.toBeUndefined();
    await expect(testConnection(conn('http', { url: `${base}/web/moved` }), opts())).resolves.toBeUndefined();
    expect(await failure(conn('http', { url: `${base}/web/broken` }))).toBe(
      `GET ${base}/web/broken answered HTTP 503 Service Unavailable: upstream is down`,
    );
    expect(await failure(conn('http', { url: 'not a url' }))).toBe('"not a url" is not a valid URL');
    expect(await failure(conn('http', { url: 'ftp://example.test/' }))).toBe('ftp://example.test/ is not an http:// or https:// URL');
  });
});

describe('https: certificate verification', () => {
  it('names an untrusted certificate, and passes with insecure_tls', async () => {
    expect(await failure(conn('http', { url: `${secureBase}/` }))).toMatch(
      new RegExp(`^GET ${secureBase}/ failed: .*self[- ]signed certificate`),
    );
    await expect(testConnection(conn('http', { url: `${secureBase}/`, insecure_tls: true }), opts())).resolves.toBeUndefined();
  });
});

describe('s3 connection test', () => {
  const s3 = (fields: Partial<DecryptedConnection>, properties: Record<string, string> = {}) =>
    conn('s3', {
      url: `${base}/s3`,
      username: ACCESS_KEY,
      password: SECRET_KEY,
      properties: { bucket: 'ops-bucket', region: 'eu-west-1', ...properties },
      ...fields,
    });

  it('lists the bucket with a SigV4 signature the peer verifies', async () => {
    seen.length = 0;
    await expect(testConnection(s3({}), opts())).resolves.toBeUndefined();
    const request = seen.find((r) => r.path.startsWith('/s3/'));
    expect(request?.path).toBe('/s3/ops-bucket?list-type=2&max-keys=1');
    expect(request?.authorization).toMatch(signedS3);
  });

  it('names a wrong secret key without it and a missing bucket', async () => {
    const wrong = await failure(s3({ password: WRONG }));
    expect(wrong).toBe(
      `s3: listing bucket ops-bucket at ${base} failed: SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided.`,
    );
    expect(await failure(s3({}, { bucket: 'other' }))).toBe(
      `s3: listing bucket other at ${base} failed: NoSuchBucket: The specified bucket does not exist`,
    );
    expect(await failure(s3({}, { bucket: '' }))).toBe('the connection has no bucket');
  });
});

describe('kubernetes connection test', () => {
  it('gets /version with a bearer token or a kubeconfig', async () => {
    await expect(testConnection(conn('kubernetes', { url: kube.url, password: kube.token }), opts())).resolves.toBeUndefined();
    await expect(testConnection(conn('kubernetes', { certificate: kube.kubeconfig }), opts())).resolves.toBeUndefined();
    expect(kube.requests.filter((p) => p === '/version')).toHaveLength(2);
  });

  it('names a rejected token without it, a broken kubeconfig and a missing server', async () => {
    const message = await failure(conn('kubernetes', { url: kube.url, password: WRONG }));
    expect(message).toBe('kubernetes: GET /version returned HTTP 401: Unauthorized');
    expect(await failure(conn('kubernetes', { certificate: 'clusters: []\ncontexts: []' }))).toBe(
      'kubernetes: kubeconfig: context "" not found',
    );
    expect(await failure(conn('kubernetes', {}))).toBe('the connection has neither a kubeconfig nor an API server url');
  });
});
