// Connection secrets never leave the store: connections of several types are created with distinctive
// secrets and used (connection tests, a postgres and an http check, an SQL scraper); then every body the
// server answered, every GET route it serves (every /api/db relation and function included, read from the
// app itself), every table of the database and the server's own log must be free of them. The stored
// secrets survive an edit that leaves the mask, and a restart of the real server process with the same key.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SECRET_MASK, type RunNowResponse } from '@ops/shared';
import { loadConfig } from '../../config.js';
import { startServer, type RunningServer } from '../../server.js';
import { expandRoute, foundIn, getRoutes, tablesContaining } from '../../test/leak-scan.js';
import { closedPort } from '../../test/peers/tcp-listener.js';
import { spawnServer, stopSpawned, type SpawnedServer } from '../../test/spawned-server.js';
import { createTestDatabase } from '../../test/test-db.js';
import { RELATIONS, RPC_FUNCTIONS } from '../relations.js';
import { getConnectionForUse } from './index.js';

const PASSWORD = 'leak-scan-admin-1';
const KEY = `leak-key-${randomBytes(24).toString('hex')}`;
const ENV_VAR = 'OPS_LEAK_TEST_HTTP_PASSWORD';
const distinct = (what: string) => `leak-${what}-${randomBytes(10).toString('hex')}`;
const SECRETS = {
  pg: distinct('pg'),
  http: distinct('http'),
  inUrl: distinct('url'),
  env: distinct('env'),
  slack: distinct('slack'),
  webhook: distinct('webhook'),
  resticKey: distinct('restic-key'),
  resticPw: distinct('restic-pw'),
  kubeconfig: distinct('kubeconfig'),
  failing: distinct('failing'),
  later: distinct('later'),
};
// The forms a secret could take on the way out: itself, and the Basic header an HTTP peer receives.
const basic = (user: string, pw: string) => Buffer.from(`${user}:${pw}`).toString('base64');
const NEEDLES = [...Object.values(SECRETS), basic('svc', SECRETS.http), basic('svc', SECRETS.inUrl), basic('svc', SECRETS.env)];

const tmp = mkdtempSync(path.join(tmpdir(), 'ops-leak-'));
const role = `leak_${randomBytes(4).toString('hex')}`;
let db: { url: string; drop(): Promise<void> };
let peer: http.Server;
let peerUrl: string;
let server: RunningServer | undefined;
let spawned: SpawnedServer | undefined;
/** Every body the server answered, by the call that got it. */
const answers: Array<{ call: string; body: string }> = [];
const ids: Record<string, string> = {};
/** Names of what the test applies or creates, for routes that read a resource by name. */
const NAMES = [
  'leak-pg',
  'leak-http',
  'leak-url',
  'leak-env',
  'leak-slack',
  'leak-webhook',
  'leak-restic',
  'leak-kube',
  'leak-failing',
].concat(['leak-http-canary', 'leak-pg-canary', 'leak-sql']);

const env = (): Record<string, string> => ({
  DATABASE_URL: db.url,
  OPS_SECRET_KEY: KEY,
  OPS_DATA_DIR: path.join(tmp, 'data'),
  OPS_ADMIN_PASSWORD: PASSWORD,
  [ENV_VAR]: SECRETS.env,
});

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  // A login of its own, so the postgres connection's password is as distinctive as the others.
  await admin(`CREATE ROLE ${role} LOGIN PASSWORD '${SECRETS.pg}'`);
  // An HTTP peer that lets in only the connections' secrets, sent as Basic credentials.
  const accepted = new Set([SECRETS.http, SECRETS.inUrl, SECRETS.env, SECRETS.later].map((pw) => `Basic ${basic('svc', pw)}`));
  peer = http.createServer((req, res) => {
    req.resume();
    const ok = accepted.has(req.headers.authorization ?? '');
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { ok: true } : { error: 'unauthorized' }));
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  process.env[ENV_VAR] = SECRETS.env;
  server = await startServer(loadConfig({ ...env(), PORT: '0', OPS_JOBS: 'false', OPS_LOG_LEVEL: 'warn' }, 'test'), {
    serveWeb: false,
    print: () => undefined,
  });
});

afterAll(async () => {
  delete process.env[ENV_VAR];
  await server?.stop();
  await stopSpawned(spawned);
  await new Promise((resolve) => peer?.close(resolve));
  await db?.drop();
  await admin(`DROP ROLE IF EXISTS ${role}`);
  rmSync(tmp, { recursive: true, force: true });
});

/** A call as admin (Basic auth) to the in-process server or, after the restart, the spawned one. */
async function call(method: string, url: string, body?: unknown, contentType = 'application/json') {
  const base = spawned?.url ?? server!.url;
  const res = await fetch(base + url, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`admin@ops.local:${PASSWORD}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  answers.push({ call: `${method} ${url}`, body: text });
  return { status: res.status, text, json: <T>() => JSON.parse(text) as T };
}

async function createConnection(key: string, body: Record<string, unknown>): Promise<void> {
  const res = await call('POST', '/api/connections', body);
  expect(res.status, res.text).toBe(201);
  ids[key] = res.json<{ id: string }>().id;
}

const pgUrl = () => {
  const u = new URL(db.url);
  return `postgres://$(username):$(password)@${u.host}${u.pathname}`;
};

const canaryYaml = (name: string, type: 'http' | 'postgres', connection: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
spec:
  schedule: "@every 1h"
  ${type}:
    - name: ${name}-check
      connection: ${connection}
${type === 'postgres' ? '      query: SELECT 1\n' : ''}`;

/** Applies a one-check canary and runs its check now; the check's result. */
async function runCheck(name: string, type: 'http' | 'postgres', connection: string) {
  const applied = await call('POST', '/api/resources/apply', canaryYaml(name, type, connection), 'application/yaml');
  expect(applied.status, applied.text).toBe(200);
  const canaryId = applied.json<{ results: { id: string }[] }>().results[0]!.id;
  const checks = await call('GET', `/api/db/checks?select=id&canary_id=eq.${canaryId}&deleted_at=is.null`);
  const [check] = checks.json<{ id: string }[]>();
  const run = await call('POST', `/api/canary/run/check/${check!.id}`);
  expect(run.status, run.text).toBe(200);
  return run.json<RunNowResponse>().results[0]!;
}

/** Applies an SQL scrape config reading through `connection` and runs it now; its summary. */
async function runScraper(name: string, connection: string) {
  const yaml = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  schedule: "@every 24h"
  sql:
    - connection: ${connection}
      query: "SELECT '${name}-db' AS id, 'one' AS name"
      type: Database
      id: $.id
      name: $.name
`;
  const applied = await call('POST', '/api/resources/apply', yaml, 'application/yaml');
  expect(applied.status, applied.text).toBe(200);
  const id = applied.json<{ results: { id: string }[] }>().results[0]!.id;
  const run = await call('POST', `/api/config/scrapers/${id}/run`);
  expect(run.status, run.text).toBe(200);
  return run.json<{ summary: { created: number; errors: string[] } }>().summary;
}

const testConnection = (key: string) => call('POST', `/api/connection/test/${ids[key]}`);

describe('connection secrets', () => {
  it('are created, used and edited without any answer holding one', async () => {
    await createConnection('pg', { name: 'leak-pg', type: 'postgres', url: pgUrl(), username: role, password: SECRETS.pg });
    await createConnection('http', { name: 'leak-http', type: 'http', url: peerUrl, username: 'svc', password: SECRETS.http });
    await createConnection('inUrl', { name: 'leak-url', type: 'http', url: `http://svc:${SECRETS.inUrl}@${new URL(peerUrl).host}/` });
    await createConnection('env', {
      name: 'leak-env',
      type: 'http',
      url: peerUrl,
      username: 'svc',
      password: { valueFrom: { env: ENV_VAR } },
    });
    await createConnection('slack', { name: 'leak-slack', type: 'slack', password: SECRETS.slack, properties: { channel: 'ops' } });
    await createConnection('webhook', {
      name: 'leak-webhook',
      type: 'generic_webhook',
      properties: { webhookUrl: `https://hooks.example.com/services/${SECRETS.webhook}` },
    });
    await createConnection('restic', {
      name: 'leak-restic',
      type: 'restic',
      url: 's3:https://s3.example.com/backups',
      password: SECRETS.resticPw,
      properties: { accessKey: 'AKIDLEAK', secretKey: SECRETS.resticKey },
    });
    await createConnection('kube', { name: 'leak-kube', type: 'kubernetes', certificate: `apiVersion: v1\n# ${SECRETS.kubeconfig}\n` });
    const port = await closedPort();
    await createConnection('failing', {
      name: 'leak-failing',
      type: 'postgres',
      url: `postgres://svc:${SECRETS.failing}@127.0.0.1:${port}/x`,
    });

    for (const key of ['pg', 'http', 'inUrl', 'env']) expect((await testConnection(key)).status, key).toBe(200);
    const failed = await testConnection('failing');
    expect(failed.status).toBe(400);
    expect(failed.text).toMatch(/ECONNREFUSED/);

    expect(await runCheck('leak-http-canary', 'http', 'connection://default/leak-http')).toMatchObject({ pass: true });
    expect(await runCheck('leak-pg-canary', 'postgres', 'connection://default/leak-pg')).toMatchObject({ pass: true });
    expect(await runScraper('leak-sql', 'connection://default/leak-pg')).toMatchObject({ created: 1, errors: [] });

    // Edits that send the mask back (as the form does) keep every secret.
    const edit = await call('PATCH', `/api/connections/${ids.http}`, { password: SECRET_MASK, url: `${peerUrl}/` });
    expect(edit.status, edit.text).toBe(200);
    const resticEdit = await call('PATCH', `/api/connections/${ids.restic}`, {
      password: SECRET_MASK,
      properties: { accessKey: 'AKIDLEAK2', secretKey: SECRET_MASK },
    });
    expect(resticEdit.status, resticEdit.text).toBe(200);
    const webhook = (await call('GET', `/api/connections/${ids.webhook}`)).json<{ url: string; properties: Record<string, unknown> }>();
    expect(webhook.properties.webhookUrl).toBe(SECRET_MASK);
    expect(webhook.url.split('?')[0]).toBe(`generic://hooks.example.com/${SECRET_MASK}`);
    expect((await call('PATCH', `/api/connections/${ids.webhook}`, { url: webhook.url, properties: webhook.properties })).status).toBe(200);

    expect((await testConnection('http')).status).toBe(200);
    expect(await getConnectionForUse(server!.ctx, ids.restic!)).toMatchObject({
      password: SECRETS.resticPw,
      properties: { accessKey: 'AKIDLEAK2', secretKey: SECRETS.resticKey },
    });
    expect((await getConnectionForUse(server!.ctx, ids.webhook!))?.properties.webhookUrl).toBe(
      `https://hooks.example.com/services/${SECRETS.webhook}`,
    );
    expect((await getConnectionForUse(server!.ctx, ids.kube!))?.certificate).toContain(SECRETS.kubeconfig);
  });

  it('appear in no GET route of the server: every /api/db relation and function, every typed endpoint', async () => {
    // The /api/db registry is built from these lists at start-up (modules/data/data.routes.ts).
    const relations = RELATIONS.map((r) => r.name);
    expect(relations.length).toBeGreaterThan(10);
    const kinds = (await call('GET', '/api/resources')).json<{ kinds: { kind: string; supported: boolean }[] }>().kinds;
    // Values for each route parameter; a route with a parameter not listed here fails the test until it is.
    const candidates: Record<string, readonly string[]> = {
      id: Object.values(ids),
      relation: relations,
      fn: RPC_FUNCTIONS.map((f) => f.name),
      kind: kinds.filter((k) => k.supported).map((k) => k.kind),
      name: NAMES,
      file: ['init.js'],
      provider: ['oidc'],
      // Playbook routes: an action's artifact and log streams, and a webhook path no playbook has.
      artifactId: Object.values(ids),
      stream: ['stdout', 'stderr'],
      path: ['leak-webhook'],
    };
    const routes = getRoutes(server!.app);
    expect(routes).toEqual(expect.arrayContaining(['/api/connections', '/api/connections/:id', '/api/db/:relation', '/api/metrics']));
    const unknown = routes.flatMap((r) => [...r.matchAll(/:(\w+)/g)].map((m) => m[1]!)).filter((p) => !candidates[p]);
    expect(unknown, 'route parameters without candidate values').toEqual([]);

    const statuses: string[] = [];
    for (const route of routes) {
      for (const p of expandRoute(route, (param) => candidates[param]!)) {
        // Lists in full (no paging cut-off), connections by their namespace, search by the connections' common word.
        const query = p.startsWith('/api/db/') && !p.startsWith('/api/db/rpc/') ? '?limit=10000' : p === '/api/search' ? '?q=leak' : '';
        const res = await call('GET', p + query);
        statuses.push(`${res.status} GET ${p}${query}`);
      }
    }
    // The relations, the connections and the resources were really read, not refused.
    for (const rel of relations) expect(statuses).toContain(`200 GET /api/db/${rel}?limit=10000`);
    for (const id of Object.values(ids)) expect(statuses).toContain(`200 GET /api/connections/${id}`);
    expect(statuses).toContain('200 GET /api/resources/Connection');
    expect(answers.map((a) => a.body).join('\n')).toContain('leak-webhook');

    expect(answers.flatMap((a) => foundIn(a.call, a.body, NEEDLES))).toEqual([]);
  });

  it('are in no table of the database as plaintext', async () => {
    expect(await tablesContaining(server!.db.pool, NEEDLES)).toEqual([]);
    // The scan does find what is there: a connection's name.
    expect(await tablesContaining(server!.db.pool, ['leak-webhook'])).toContain('leak-webhook in public.connections');
    // The secrets are there, sealed: the raw row holds the v1: ciphertext.
    const raw = await server!.db.pool.query<{ password: string }>('SELECT password FROM connections WHERE id = $1', [ids.http]);
    expect(raw.rows[0]!.password).toMatch(/^v1:/);
  });

  it('decrypt after a restart of the server process with the same key, whose log holds none of them', { timeout: 120_000 }, async () => {
    await server!.stop();
    server = undefined;
    spawned = await spawnServer({ ...env(), PORT: String(await closedPort()), OPS_LOG_LEVEL: 'debug', OPS_JOBS: 'false' }, PASSWORD);
    for (const key of ['pg', 'http', 'inUrl', 'env']) expect((await testConnection(key)).status, key).toBe(200);
    expect(await runCheck('leak-http-canary', 'http', 'connection://default/leak-http')).toMatchObject({ pass: true });
    expect(await runScraper('leak-sql', 'connection://default/leak-pg')).toMatchObject({ errors: [] });

    // What the restarted process is given from now on goes through its log as well.
    await createConnection('later', { name: 'leak-later', type: 'http', url: peerUrl, username: 'svc', password: SECRETS.later });
    expect((await call('PATCH', `/api/connections/${ids.later}`, { password: SECRET_MASK, insecure_tls: true })).status).toBe(200);
    expect((await testConnection('later')).status).toBe(200);
    expect((await testConnection('failing')).status).toBe(400);
    for (const p of ['/api/connections', `/api/connections/${ids.later}`, '/api/resources/Connection', '/api/db/job_history?limit=10000'])
      expect((await call('GET', p)).status, p).toBe(200);
    expect(answers.flatMap((a) => foundIn(a.call, a.body, NEEDLES))).toEqual([]);

    await stopSpawned(spawned);
    const log = spawned.output();
    spawned = undefined;
    expect(log).toContain('listening on');
    expect(log, 'the debug log recorded the calls').toMatch(/"url":"\/api\/connection\/test\//);
    expect(foundIn('the server log', log, NEEDLES)).toEqual([]);
  });
});
