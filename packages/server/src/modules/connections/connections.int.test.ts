// The connection store through HTTP on a real database: admin-only CRUD, masks in every answer,
// ciphertext at rest, secrets kept across edits, the Connection kind of apply, and the one resolver as
// checks use it (a postgres check against the test cluster by connection://).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SECRET_MASK, type ConnectionList, type ConnectionView, type RunNowResponse } from '@ops/shared';
import { sql } from 'kysely';
import { startTestServer, type TestServer, type TestUser } from '../../test/test-server.js';
import { getConnectionForUse } from './index.js';

let s: TestServer;
const tmp = mkdtempSync(path.join(tmpdir(), 'ops-connections-'));
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const secret = (what: string) => `${what}-${randomBytes(8).toString('hex')}`;

async function call<T = ConnectionView>(method: string, url: string, body?: unknown, as: TestUser | null = 'admin') {
  const res = await s.request(url, {
    method,
    as,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, body: (text ? JSON.parse(text) : undefined) as T };
}

const create = (body: Record<string, unknown>, as: TestUser | null = 'admin') => call('POST', '/api/connections', body, as);

async function rawRow(id: string) {
  const r = await sql<{ url: string | null; password: string | null; properties: Record<string, unknown> }>`
    SELECT url, password, properties FROM connections WHERE id = ${id}`.execute(s.ctx.db.kysely);
  return r.rows[0]!;
}

const applyYaml = (yaml: string, as: TestUser = 'admin') =>
  s.json<{ results?: { id: string; action: string; name: string }[]; error?: string; message?: string }>('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body: yaml,
    as,
  });

describe('/api/connections', () => {
  it('pages and sorts on the server: total over all pages, no row twice, ties ordered by id; bad paging is a 400 naming it', async () => {
    const ns = `paging-${randomBytes(3).toString('hex')}`;
    for (const n of ['c', 'a', 'e', 'b', 'd'])
      expect((await create({ name: `p-${n}`, namespace: ns, type: 'http', url: 'http://x.example' })).status).toBe(201);
    const page = (qs: string) => call<ConnectionList>('GET', `/api/connections?q=${ns}&${qs}`);
    const first = await page('page_size=2&sort_by=name&sort_order=asc');
    expect([first.status, first.body.total, first.body.page, first.body.page_size]).toEqual([200, 5, 1, 2]);
    expect(first.body.connections.map((c) => c.name)).toEqual(['p-a', 'p-b']);
    const third = await page('page=3&page_size=2&sort_by=name&sort_order=asc');
    expect(third.body.connections.map((c) => c.name)).toEqual(['p-e']);
    expect((await page('page_size=10&sort_by=name&sort_order=desc')).body.connections.map((c) => c.name)).toEqual([
      'p-e',
      'p-d',
      'p-c',
      'p-b',
      'p-a',
    ]);
    expect((await page('page=9&page_size=2')).body).toMatchObject({ connections: [], total: 5 });
    expect((await call<ConnectionList>('GET', '/api/connections?q=no-such-connection-anywhere')).body.total).toBe(0);
    for (const [qs, named] of [
      ['page=0', 'page'],
      ['page_size=100000', 'page_size'],
      ['sort_by=password', 'sort_by'],
      ['sort_order=up', 'sort_order'],
    ]) {
      const bad = await call<{ message: string }>('GET', `/api/connections?${qs}`);
      expect(bad.status, qs).toBe(400);
      expect(bad.text, qs).toContain(named);
    }
  });

  it('creates, lists, gets, edits and deletes as admin; answers never hold the secret, the table holds ciphertext', async () => {
    const password = secret('pw');
    const created = await create({ name: 'pg-main', type: 'postgres', url: 'postgres://db.example:5432/app', username: 'app', password });
    expect(created.status).toBe(201);
    expect(created.text).not.toContain(password);
    const c = created.body;
    expect(c).toMatchObject({
      name: 'pg-main',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://db.example:5432/app',
      username: 'app',
      password: SECRET_MASK,
      certificate: null,
      insecure_tls: false,
      source: 'UI',
      created_by: { id: s.ids.admin },
    });

    const list = await call<ConnectionList>('GET', '/api/connections');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(password);
    expect(list.body.connections.map((x) => x.id)).toContain(c.id);
    const one = await call('GET', `/api/connections/${c.id}`);
    expect([one.status, one.body.password]).toEqual([200, SECRET_MASK]);
    expect(one.text).not.toContain(password);

    const raw = await rawRow(c.id);
    expect(raw.password).toMatch(/^v1:/);
    expect(raw.password).not.toContain(password);

    // The mask sent back keeps the secret; so does leaving it out.
    const masked = await call('PATCH', `/api/connections/${c.id}`, { password: SECRET_MASK, url: 'postgres://db2.example:5432/app' });
    expect(masked.status).toBe(200);
    expect(masked.body).toMatchObject({ url: 'postgres://db2.example:5432/app', password: SECRET_MASK });
    expect(await getConnectionForUse(s.ctx, c.id)).toMatchObject({ url: 'postgres://db2.example:5432/app', username: 'app', password });
    expect((await call('PATCH', `/api/connections/${c.id}`, { insecure_tls: true })).body.insecure_tls).toBe(true);
    expect((await getConnectionForUse(s.ctx, c.id))?.password).toBe(password);
    const next = secret('pw2');
    expect((await call('PATCH', `/api/connections/${c.id}`, { password: next })).text).not.toContain(next);
    expect((await getConnectionForUse(s.ctx, c.id))?.password).toBe(next);

    expect((await call('DELETE', `/api/connections/${c.id}`)).status).toBe(204);
    expect((await call('GET', `/api/connections/${c.id}`)).status).toBe(404);
    expect((await call<ConnectionList>('GET', '/api/connections')).body.connections.map((x) => x.id)).not.toContain(c.id);
    expect(await getConnectionForUse(s.ctx, c.id)).toBeUndefined();
    expect((await call('DELETE', `/api/connections/${c.id}`)).status).toBe(404);
  });

  it('is for admins only: 403 for every other role, 401 anonymous', async () => {
    const c = (await create({ name: 'admin-only', type: 'http', url: 'http://example.test' })).body;
    for (const as of ['editor', 'commander', 'responder', 'viewer', 'norole'] as const) {
      expect((await call('GET', '/api/connections', undefined, as)).status, as).toBe(403);
      expect((await call('GET', `/api/connections/${c.id}`, undefined, as)).status, as).toBe(403);
      expect((await create({ name: `by-${as}`, type: 'http' }, as)).status, as).toBe(403);
      // Refused before the body is read: a bad body from a non-admin is still a 403.
      expect((await create({ name: 'Bad Name', type: 'nope' }, as)).status, as).toBe(403);
      expect((await call('PATCH', `/api/connections/${c.id}`, { url: 'http://x' }, as)).status, as).toBe(403);
      expect((await call('DELETE', `/api/connections/${c.id}`, undefined, as)).status, as).toBe(403);
    }
    expect((await call('GET', '/api/connections', undefined, null)).status).toBe(401);
    expect((await create({ name: 'anon', type: 'http' }, null)).status).toBe(401);
  });

  it('answers 400 naming the field for a bad type or name, 409 for a duplicate name in a namespace', async () => {
    const badType = await create({ name: 'x1', type: 'carrier-pigeon' });
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ error: expect.stringMatching(/type/) });
    expect(badType.text).toContain('carrier-pigeon');
    const badName = await create({ name: 'Not_A_Label', type: 'http' });
    expect(badName.status).toBe(400);
    expect(badName.body).toMatchObject({ error: expect.stringMatching(/name.*DNS-1123/) });
    const maskOnCreate = await create({ name: 'x2', type: 'http', password: SECRET_MASK });
    expect([maskOnCreate.status, maskOnCreate.body]).toEqual([
      400,
      expect.objectContaining({ error: expect.stringMatching(/^password holds the mask/) }),
    ]);

    expect((await create({ name: 'dup', type: 'http', url: 'http://a' })).status).toBe(201);
    const dup = await create({ name: 'dup', type: 'http', url: 'http://b' });
    expect([dup.status, dup.body]).toEqual([
      409,
      expect.objectContaining({ error: 'a connection named dup already exists in namespace default' }),
    ]);
    expect((await create({ name: 'dup', namespace: 'other', type: 'http' })).status).toBe(201);
    expect((await call('GET', '/api/connections/not-a-uuid')).status).toBe(400);
    expect((await call('GET', '/api/connections/00000000-0000-0000-0000-0000000000aa')).status).toBe(404);
  });

  it('fills type defaults, seals secret properties and composes a notification URL without showing its token', async () => {
    const email = (await create({ name: 'mail', type: 'email', properties: { host: 'smtp.example', from: 'ops@example.com' } })).body;
    expect(email.properties).toMatchObject({ port: '587', encryption: 'Auto', auth: 'Unknown' });
    expect((await create({ name: 'files', type: 'sftp', properties: { host: 'sftp.example' } })).body.properties.port).toBe('22');
    expect((await create({ name: 'share', type: 'smb', properties: { host: 'smb.example' } })).body.properties.port).toBe('445');

    const token = secret('xoxb');
    const slack = await create({ name: 'alerts', type: 'slack', password: token, properties: { channel: 'ops' } });
    expect(slack.status).toBe(201);
    expect(slack.text).not.toContain(token);
    expect(slack.body.url).toBe(`slack://${SECRET_MASK}@ops`);
    expect((await getConnectionForUse(s.ctx, slack.body.id))?.url).toBe(`slack://${token}@ops`);
    expect((await rawRow(slack.body.id)).url).toMatch(/^v1:/);

    const key = secret('restic-key');
    const restic = await create({
      name: 'backups',
      type: 'restic',
      url: 's3:bucket',
      password: 'p',
      properties: { accessKey: 'AK', secretKey: key },
    });
    expect(restic.text).not.toContain(key);
    expect(restic.body.properties).toMatchObject({ accessKey: SECRET_MASK, secretKey: SECRET_MASK });
    expect(JSON.stringify((await rawRow(restic.body.id)).properties)).not.toContain(key);
    const edited = await call('PATCH', `/api/connections/${restic.body.id}`, { properties: { accessKey: 'AK2', secretKey: SECRET_MASK } });
    expect(edited.status).toBe(200);
    expect((await getConnectionForUse(s.ctx, restic.body.id))?.properties).toMatchObject({ accessKey: 'AK2', secretKey: key });

    // A URL carrying a password is shown masked and kept when sent back as shown.
    const pw = secret('urlpw');
    const inUrl = await create({ name: 'url-creds', type: 'postgres', url: `postgres://app:${pw}@db.example/app` });
    expect(inUrl.text).not.toContain(pw);
    expect(inUrl.body.url).toBe(`postgres://app:${SECRET_MASK}@db.example/app`);
    expect((await call('PATCH', `/api/connections/${inUrl.body.id}`, { url: inUrl.body.url })).status).toBe(200);
    expect((await getConnectionForUse(s.ctx, inUrl.body.id))?.url).toBe(`postgres://app:${pw}@db.example/app`);
  });
});

describe('credential references', () => {
  it('opens stored secrets after a restart with the same key, and names the field under another key', async () => {
    const password = secret('restart');
    const c = (await create({ name: 'restart', type: 'http', url: 'http://x', password })).body;
    // A fresh configuration object is what a restarted server has: the key comes from the same place.
    const restarted = { ...s.ctx, config: { ...s.ctx.config } };
    expect((await getConnectionForUse(restarted, c.id))?.password).toBe(password);
    const otherKey = { ...s.ctx, config: { ...s.ctx.config, OPS_SECRET_KEY: 'another-key-entirely' } };
    await expect(getConnectionForUse(otherKey, c.id)).rejects.toThrow(
      "connection default/restart: password cannot be decrypted with this server's OPS_SECRET_KEY (it was stored under another key)",
    );
  });

  it('resolves valueFrom.env when used and names the variable when it is unset', async () => {
    const value = secret('from-env');
    process.env.OPS_TEST_CONNECTION_PASSWORD = value;
    const c = (
      await create({ name: 'env-ref', type: 'http', url: 'http://x', password: { valueFrom: { env: 'OPS_TEST_CONNECTION_PASSWORD' } } })
    ).body;
    expect(c.password).toEqual({ valueFrom: { env: 'OPS_TEST_CONNECTION_PASSWORD' } });
    expect((await getConnectionForUse(s.ctx, c.id))?.password).toBe(value);
    delete process.env.OPS_TEST_CONNECTION_PASSWORD;
    await expect(getConnectionForUse(s.ctx, c.id)).rejects.toThrow(
      'connection default/env-ref: password: environment variable OPS_TEST_CONNECTION_PASSWORD (valueFrom.env) is not set',
    );
  });

  it('reads valueFrom.file under the file roots and refuses a file outside them', async () => {
    const file = path.join(tmp, 'token');
    writeFileSync(file, 'file-token\n');
    const inside = (await create({ name: 'file-ref', type: 'http', password: { valueFrom: { file } } })).body;
    expect((await getConnectionForUse(s.ctx, inside.id))?.password).toBe('file-token');
    const outside = (await create({ name: 'file-outside', type: 'http', password: { valueFrom: { file: '/etc/hostname' } } })).body;
    await expect(getConnectionForUse(s.ctx, outside.id)).rejects.toThrow(
      /connection default\/file-outside: password: valueFrom\.file \/etc\/hostname refused: .*outside/,
    );
  });
});

describe('Connection kind', () => {
  it('applies Connection YAML (source apply, secretKeyRef resolved from OPS_SECRET_*), unchanged on re-apply, masked when read back', async () => {
    const value = secret('kube-secret');
    process.env.OPS_SECRET_PG_CREDS_PASSWORD = value;
    const yaml = `apiVersion: mission-control.flanksource.com/v1
kind: Connection
metadata:
  name: applied-pg
  namespace: team-a
spec:
  type: postgres
  url:
    value: postgres://db.example:5432/app
  username: app
  password:
    valueFrom:
      secretKeyRef:
        name: pg-creds
        key: password
  insecureTLS: true
  properties:
    sslmode: require
`;
    const first = await applyYaml(yaml);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([expect.objectContaining({ name: 'applied-pg', action: 'created' })]);
    expect((await applyYaml(yaml)).body.results).toEqual([expect.objectContaining({ action: 'unchanged' })]);
    const id = first.body.results![0]!.id;
    const view = (await call('GET', `/api/connections/${id}`)).body;
    expect(view).toMatchObject({
      namespace: 'team-a',
      source: 'apply',
      url: 'postgres://db.example:5432/app',
      password: { valueFrom: { secretKeyRef: { name: 'pg-creds', key: 'password' } } },
      insecure_tls: true,
      properties: { sslmode: 'require' },
    });
    expect(await getConnectionForUse(s.ctx, id)).toMatchObject({ username: 'app', password: value });
    delete process.env.OPS_SECRET_PG_CREDS_PASSWORD;

    const pw = secret('static');
    await applyYaml(yaml.replace(/password:\n(.*\n){4}/, `password: ${pw}\n`));
    const doc = await s.json<{ spec: Record<string, unknown> }>('/api/resources/Connection/applied-pg?namespace=team-a');
    expect(doc.status).toBe(200);
    expect(doc.body.spec).toMatchObject({ type: 'postgres', password: SECRET_MASK });
    expect(JSON.stringify(doc.body)).not.toContain(pw);

    const bad = await applyYaml(yaml.replace('type: postgres', 'type: pigeon'));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('pigeon');
    expect((await applyYaml(yaml, 'editor')).status).toBe(403);
  });
});

describe('connection:// in checks', () => {
  it('runs a postgres check through a stored connection, and fails naming a missing one', async () => {
    const admin = new URL(inject('pgAdminUrl'));
    const username = decodeURIComponent(admin.username);
    const password = decodeURIComponent(admin.password);
    // Credentials go into the URL through Mission Control's placeholders (pg lets a connection string's
    // empty user override a separate one).
    const url = `postgres://$(username):$(password)@${admin.host}${admin.pathname}`;
    expect((await create({ name: 'test-db', type: 'postgres', url, username, ...(password ? { password } : {}) })).status).toBe(201);
    const canary = (connection: string, name: string) => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
spec:
  schedule: "@every 1h"
  postgres:
    - name: ${name}-check
      connection: ${connection}
      query: SELECT 1
`;
    const runOnly = async (name: string) => {
      const applied = await applyYaml(
        canary(name === 'pg-by-ref' ? 'connection://default/test-db' : 'connection://default/no-such-db', name),
      );
      expect(applied.status).toBe(200);
      const [check] = await s.ctx.db.kysely
        .selectFrom('checks')
        .select('id')
        .where('canary_id', '=', applied.body.results![0]!.id)
        .where('deleted_at', 'is', null)
        .execute();
      return s.json<RunNowResponse>(`/api/canary/run/check/${check!.id}`, { method: 'POST' });
    };
    const ok = await runOnly('pg-by-ref');
    expect(ok.status).toBe(200);
    expect(ok.body.results[0], JSON.stringify(ok.body.results[0])).toMatchObject({ pass: true });
    const missing = await runOnly('pg-missing');
    expect(missing.body.results[0]).toMatchObject({ pass: false });
    expect(`${missing.body.results[0]!.error} ${missing.body.results[0]!.message}`).toContain('connection://default/no-such-db');
  });

  it('runs an SQL scraper through a stored connection, and reports a missing one by name', async () => {
    const admin = new URL(inject('pgAdminUrl'));
    const password = decodeURIComponent(admin.password);
    const created = await create({
      name: 'scrape-db',
      type: 'postgres',
      url: `postgres://$(username):$(password)@${admin.host}${admin.pathname}`,
      username: decodeURIComponent(admin.username),
      ...(password ? { password } : {}),
    });
    expect(created.status).toBe(201);
    const scraper = (connection: string, name: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  schedule: "@every 24h"
  sql:
    - connection: ${connection}
      query: "SELECT 'db-one' AS id, 'one' AS name"
      type: Database
      id: $.id
      name: $.name
`;
    const run = async (connection: string, name: string) => {
      const applied = await applyYaml(scraper(connection, name));
      expect(applied.status).toBe(200);
      const id = applied.body.results![0]!.id;
      return s.json<{ summary: { created: number; errors: string[] } }>(`/api/config/scrapers/${id}/run`, { method: 'POST' });
    };
    const ok = await run('connection://default/scrape-db', 'sql-by-ref');
    expect(ok.status).toBe(200);
    expect(ok.body.summary).toMatchObject({ created: 1, errors: [] });
    const missing = await run('connection://default/gone-db', 'sql-missing');
    expect(missing.body.summary.errors.join(' ')).toContain('connection://default/gone-db');
  });
});
