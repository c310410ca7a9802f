// Checks and the SQL scraper reach their targets through stored connections, by `connection://default/<name>`,
// against real loopback peers (the harness's PostgreSQL, Debian's MariaDB and redis-server, an HTTP peer
// answering as Prometheus and Elasticsearch that demands the connection's credentials, an S3-compatible peer
// verifying SigV4 for the folder check). Renaming or deleting
// the connection makes each fail with a message naming the reference; renaming it back makes it pass again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunNowResponse } from '@ops/shared';
import { startApiFakes, type ApiFakePeer } from '../../test/peers/api-fakes.js';
import { startMariaDb, type MariaDbPeer } from '../../test/peers/mariadb-server.js';
import { startRedis, type RedisPeer } from '../../test/peers/redis-server.js';
import { startS3Peer, type S3Peer } from '../../test/peers/s3-server.js';
import { createTestDatabase } from '../../test/test-db.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const API_USER = { username: 'prom-user', password: 'api-peer-secret-7Qx' };
const S3_KEYS = { username: 'AKIDFOLDER', password: 's3-peer-secret-Vw2' };
const HOUR = 3_600_000;

let s: TestServer;
let pgDb: { url: string; drop(): Promise<void> };
let maria: MariaDbPeer;
let redis: RedisPeer;
let api: ApiFakePeer;
let s3: S3Peer;

beforeAll(async () => {
  const now = Date.now();
  [s, pgDb, maria, redis, api, s3] = await Promise.all([
    startTestServer({ OPS_JOBS: 'false' }),
    createTestDatabase({ empty: true }),
    startMariaDb(),
    startRedis(),
    startApiFakes({
      basicAuth: API_USER,
      prometheus: { up: [{ metric: { job: 'api' }, value: 1 }] },
      indexes: { logs: [{ message: 'one' }, { message: 'two' }] },
    }),
    startS3Peer({
      accessKey: S3_KEYS.username,
      secretKey: S3_KEYS.password,
      pageSize: 1,
      buckets: {
        backups: [
          { key: 'daily/a.tar', size: 100, lastModified: new Date(now - HOUR) },
          { key: 'daily/b.tar', size: 200, lastModified: new Date(now - 2 * HOUR) },
          { key: 'daily/old/c.tar', size: 300, lastModified: new Date(now - 72 * HOUR) },
          { key: 'dailyish.txt', size: 1, lastModified: new Date(now) },
        ],
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), pgDb?.drop(), maria?.close(), redis?.close(), api?.close(), s3?.close()]);
});

async function call<T = unknown>(method: string, url: string, body?: unknown, contentType = 'application/json') {
  const res = await s.request(url, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Applies `yaml` and answers the id of the one resource it holds. */
async function apply(yaml: string): Promise<string> {
  const res = await call<{ results: { id: string }[] }>('POST', '/api/resources/apply', yaml, 'application/yaml');
  expect(res.status, res.text).toBe(200);
  return res.body.results[0]!.id;
}

/** A canary with one check of `type`: `connection` plus the check's own fields, as canary-checker spells them. */
function canary(name: string, type: string, fields: Record<string, unknown>): string {
  return JSON.stringify({
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name },
    spec: { schedule: '@every 1h', [type]: [{ name: `${name}-check`, ...fields }] },
  });
}

async function checkOf(canaryId: string): Promise<string> {
  const [check] = await s.ctx.db.kysely
    .selectFrom('checks')
    .select('id')
    .where('canary_id', '=', canaryId)
    .where('deleted_at', 'is', null)
    .execute();
  return check!.id;
}

async function runCheck(checkId: string) {
  const res = await call<RunNowResponse>('POST', `/api/canary/run/check/${checkId}`);
  expect(res.status, res.text).toBe(200);
  const r = res.body.results[0]!;
  return { pass: r.pass, text: `${r.error ?? ''} ${r.message ?? ''}`.trim(), raw: JSON.stringify(r) };
}

async function createConnection(body: Record<string, unknown>): Promise<string> {
  const res = await call<{ id: string }>('POST', '/api/connections', body);
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const rename = (id: string, name: string) => call('PATCH', `/api/connections/${id}`, { name });

interface Case {
  type: string;
  connection: () => Record<string, unknown>;
  /** The check's fields for a connection reference (most take it as `connection`). */
  check: (ref: string) => Record<string, unknown>;
}

const CASES: Case[] = [
  {
    type: 'postgres',
    connection: () => {
      const u = new URL(pgDb.url);
      return {
        type: 'postgres',
        url: `postgres://${u.host}${u.pathname}`,
        username: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
      };
    },
    check: (ref) => ({ connection: ref, query: 'SELECT 1 AS one', results: 1 }),
  },
  {
    type: 'mysql',
    connection: () => ({
      type: 'mysql',
      url: `mysql://127.0.0.1:${maria.port}/${maria.database}`,
      username: maria.user,
      password: maria.password,
    }),
    check: (ref) => ({ connection: ref, query: 'SELECT 1 AS one', results: 1 }),
  },
  {
    type: 'redis',
    connection: () => ({ type: 'redis', url: `127.0.0.1:${redis.port}`, password: redis.password }),
    check: (ref) => ({ connection: ref }),
  },
  {
    type: 'prometheus',
    connection: () => ({ type: 'prometheus', url: api.url, ...API_USER }),
    check: (ref) => ({ connection: ref, query: 'up', test: { expr: 'value == 1' } }),
  },
  {
    type: 'elasticsearch',
    connection: () => ({ type: 'elasticsearch', url: api.url, ...API_USER }),
    check: (ref) => ({ connection: ref, index: 'logs', query: '{"query":{"match_all":{}}}', results: 2 }),
  },
  {
    type: 'http',
    connection: () => ({ type: 'http', url: `${api.url}/api/v1/query?query=up`, ...API_USER }),
    check: (ref) => ({ connection: ref, responseCodes: [200], responseJSONContent: { path: '$.status', value: 'success' } }),
  },
  {
    // canary-checker's folder check over S3: the connection goes under awsConnection.
    type: 'folder',
    connection: () => ({ type: 's3', url: s3.url, ...S3_KEYS, properties: { bucket: 'backups', region: 'eu-west-1' } }),
    check: (ref) => ({ path: 's3://backups/daily', awsConnection: { connection: ref }, minCount: 2, maxCount: 2, maxAge: '1d' }),
  },
];

describe('checks by connection://default/<name>', () => {
  for (const c of CASES) {
    it(`${c.type}: passes through the connection, fails naming it once renamed or deleted`, async () => {
      const name = `${c.type}-target`;
      const ref = `connection://default/${name}`;
      const id = await createConnection({ name, ...c.connection() });
      const checkId = await checkOf(await apply(canary(`${c.type}-by-ref`, c.type, c.check(ref))));

      const ok = await runCheck(checkId);
      expect(ok.pass, ok.raw).toBe(true);

      expect((await rename(id, `${name}-renamed`)).status).toBe(200);
      const renamed = await runCheck(checkId);
      expect(renamed.pass).toBe(false);
      expect(renamed.text).toBe(`connection "${ref}" was not found`);

      expect((await rename(id, name)).status).toBe(200);
      expect((await runCheck(checkId)).pass).toBe(true);

      expect((await call('DELETE', `/api/connections/${id}`)).status).toBe(204);
      const deleted = await runCheck(checkId);
      expect(deleted.pass).toBe(false);
      expect(deleted.text).toBe(`connection "${ref}" was not found`);
    });
  }

  it("redis: selects the connection's db property unless the check names its own", async () => {
    const ref = 'connection://default/redis-db99';
    await createConnection({
      name: 'redis-db99',
      type: 'redis',
      url: `127.0.0.1:${redis.port}`,
      password: redis.password,
      properties: { db: '99' },
    });
    const fromConnection = await runCheck(await checkOf(await apply(canary('redis-db-conn', 'redis', { connection: ref }))));
    expect(fromConnection.pass).toBe(false);
    expect(fromConnection.text).toMatch(/DB index is out of range/);
    const own = await runCheck(await checkOf(await apply(canary('redis-db-own', 'redis', { connection: ref, db: 2 }))));
    expect(own.pass, own.raw).toBe(true);
  });

  it('folder over s3: pages through the listing, goes below the prefix when recursive, and reports what S3 answers', async () => {
    const ref = 'connection://default/s3-store';
    await createConnection({ name: 's3-store', type: 's3', url: s3.url, ...S3_KEYS, properties: { bucket: 'backups' } });
    const folder = (name: string, fields: Record<string, unknown>) =>
      apply(canary(name, 'folder', { path: 's3://backups/daily', awsConnection: { connection: ref }, ...fields })).then(checkOf);

    const listed = await runCheck(await folder('s3-flat', { minCount: 2, maxCount: 2 }));
    expect(listed.pass, listed.raw).toBe(true);
    // One object a page: every page was asked for, with the prefix as a folder and the delimiter.
    expect(s3.listings.filter((q) => q.includes('prefix=daily%2F') && q.includes('delimiter=%2F')).length).toBeGreaterThanOrEqual(3);

    const deep = await runCheck(await folder('s3-deep', { recursive: true, maxAge: '1d' }));
    expect(deep.pass).toBe(false);
    expect(deep.text).toMatch(/^old\/c\.tar is too old: /);
    const filtered = await runCheck(
      await folder('s3-filter', { recursive: true, filter: { regex: '^[ab]\\.tar$' }, maxCount: 2, maxAge: '1d' }),
    );
    expect(filtered.pass, filtered.raw).toBe(true);

    await createConnection({ name: 's3-wrong', type: 's3', url: s3.url, username: S3_KEYS.username, password: 'not-the-key' });
    const wrong = await runCheck(
      await checkOf(
        await apply(
          canary('s3-wrong', 'folder', { path: 's3://backups/daily', awsConnection: { connection: 'connection://default/s3-wrong' } }),
        ),
      ),
    );
    expect(wrong.pass).toBe(false);
    expect(wrong.text).toMatch(/^s3: listing s3:\/\/backups\/daily\/ at http:\/\/127\.0\.0\.1:\d+ failed: SignatureDoesNotMatch/);
    expect(wrong.text).not.toContain('not-the-key');
    const missing = await runCheck(await folder('s3-missing-bucket', { path: 's3://nope/daily' }));
    expect(missing.text).toMatch(/failed: NoSuchBucket: The specified bucket does not exist/);
  });

  it('folder: gcs and smb folders are refused naming what can be checked', async () => {
    const refused = await runCheck(await checkOf(await apply(canary('smb-folder', 'folder', { path: 'smb://host/dir' }))));
    expect(refused.pass).toBe(false);
    expect(refused.text).toBe(
      'folder: smb folders are not supported here; local paths, s3://bucket/prefix and sftp://host/path can be checked',
    );
  });

  it("the check's own credentials win over the connection's", async () => {
    const ref = 'connection://default/prom-wrong-user';
    await createConnection({ name: 'prom-wrong-user', type: 'prometheus', url: api.url, username: 'nobody', password: 'nothing' });
    const denied = await runCheck(await checkOf(await apply(canary('prom-denied', 'prometheus', { connection: ref, query: 'up' }))));
    expect(denied.pass).toBe(false);
    const own = await runCheck(await checkOf(await apply(canary('prom-own', 'prometheus', { connection: ref, query: 'up', ...API_USER }))));
    expect(own.pass, own.raw).toBe(true);
  });
});

describe('SQL scraper by connection://default/<name>', () => {
  const scraper = (connection: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: sql-by-ref
spec:
  schedule: "@every 24h"
  sql:
    - connection: ${connection}
      query: "SELECT 'db-by-ref' AS id, current_database() AS name"
      type: Database
      id: $.id
      name: $.name
`;
  const run = async (id: string) => {
    const res = await call<{ summary: { created: number; updated: number; errors: string[] } }>('POST', `/api/config/scrapers/${id}/run`);
    expect(res.status, res.text).toBe(200);
    return res.body.summary;
  };

  it('scrapes through the connection and fails naming it once renamed or deleted', async () => {
    const u = new URL(pgDb.url);
    const id = await createConnection({
      name: 'scrape-target',
      type: 'postgres',
      url: `postgres://$(username):$(password)@${u.host}${u.pathname}`,
      username: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
    });
    const scraperId = await apply(scraper('connection://default/scrape-target'));
    expect(await run(scraperId)).toMatchObject({ created: 1, errors: [] });
    const items = () => call<{ name: string }[]>('GET', `/api/db/config_items?select=name&scraper_id=eq.${scraperId}&deleted_at=is.null`);
    expect((await items()).body).toEqual([{ name: u.pathname.slice(1) }]);

    expect((await rename(id, 'scrape-target-renamed')).status).toBe(200);
    expect((await run(scraperId)).errors.join(' ')).toContain('connection: connection://default/scrape-target not found');
    expect((await rename(id, 'scrape-target')).status).toBe(200);
    expect(await run(scraperId)).toMatchObject({ errors: [] });

    expect((await call('DELETE', `/api/connections/${id}`)).status).toBe(204);
    expect((await run(scraperId)).errors.join(' ')).toContain('connection: connection://default/scrape-target not found');
    // A failed scrape deletes nothing it did not see.
    expect((await items()).body).toHaveLength(1);
  });
});
