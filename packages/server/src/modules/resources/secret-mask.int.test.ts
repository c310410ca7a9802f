// Credentials in specs are masked for callers who cannot write the resource, in the data API
// (every registered relation, embeds, CSV, JSON paths, filters) and the typed endpoints; an edit that sends
// the masks back keeps the stored secrets. Also checks that the SQL rules equal @ops/shared's.
import { maskSecrets, SECRET_MASK } from '@ops/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/test-server.js';
import { RELATIONS } from '../relations.js';

let s: TestServer;
const SECRETS = {
  basic: 'basic-pass-7f3a1',
  bearer: 'bearer-tok-91bc2',
  urlPass: 'url-pass-55de3',
  conn: 'conn-pass-2a7e4',
  apiKey: 'api-key-8c1d5',
  scraperPass: 'scr-pass-3b9f6',
  scraperBearer: 'scr-bearer-4e0a7',
  kvPass: 'kv-pass-6d2c8',
  urlToken: 'ghp-token-0f1e9',
};
const CANARY = `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: secret-canary
spec:
  schedule: "@every 1h"
  http:
    - name: with-auth
      url: https://alice:${SECRETS.urlPass}@127.0.0.1:1/health
      username: { value: alice }
      password: { value: ${SECRETS.basic} }
      headers:
        - name: Authorization
          value: Bearer ${SECRETS.bearer}
        - name: X-Api-Key
          value: ${SECRETS.apiKey}
        - name: X-Plain
          value: visible-header
    - name: token-url
      url: https://${SECRETS.urlToken}@127.0.0.1:1/repo
  postgres:
    - name: db
      connection: postgres://bob:${SECRETS.conn}@127.0.0.1:1/app
      query: SELECT 1
`;
const SCRAPER = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: secret-scraper
spec:
  schedule: "@every 1h"
  http:
    - url: http://127.0.0.1:1/items
      type: T
      id: $.id
      username: { value: carol }
      password: { value: ${SECRETS.scraperPass} }
      bearer: { value: ${SECRETS.scraperBearer} }
  sql:
    - connection: "host=127.0.0.1 port=1 user=u password=${SECRETS.kvPass} dbname=x"
      query: SELECT 1
      type: T
      id: id
`;

// The parts of the canary's spec the assertions read.
type Spec = { http: { url: string; password: unknown; username: unknown; headers: { name: string; value: string }[] }[] };

const leaks = (text: string) => Object.values(SECRETS).filter((v) => text.includes(v));

async function apply(body: string, as: TestUser = 'editor') {
  return s.json<{ error?: string }>('/api/resources/apply', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body, as });
}

async function rawSpec(table: 'canaries' | 'config_scrapers', name: string): Promise<string> {
  const { rows } = await sql<{ spec: unknown }>`SELECT spec FROM ${sql.table(table)} WHERE name = ${name} AND deleted_at IS NULL`.execute(
    s.ctx.db.kysely,
  );
  return JSON.stringify(rows[0]!.spec);
}

beforeAll(async () => {
  s = await startTestServer();
  expect((await apply(CANARY)).status).toBe(200);
  expect((await apply(SCRAPER)).status).toBe(200);
  // The canary's checks (with their specs) are synced on apply; the new scraper runs by itself within
  // seconds, and its failed run (the connection is refused) puts messages in job history: wait for it, so the
  // scan below covers what runs write as well as what was applied.
  for (let i = 0; i < 200; i++) {
    const n = await s.ctx.db.kysely
      .selectFrom('checks')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const runs = await s.ctx.db.kysely
      .selectFrom('job_history')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('resource_type', '=', 'config_scraper')
      .where('status', '<>', 'RUNNING')
      .executeTakeFirstOrThrow();
    if (n.n >= 3 && runs.n >= 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);
afterAll(async () => {
  await s?.stop();
});

describe('credentials in specs', () => {
  it('are stored as written', async () => {
    expect(leaks((await rawSpec('canaries', 'secret-canary')) + (await rawSpec('config_scrapers', 'secret-scraper')))).toHaveLength(
      Object.keys(SECRETS).length,
    );
  });

  it('never reach a viewer from any registered relation (JSON and CSV), embed, JSON path or filter', async () => {
    let scanned = 0;
    for (const rel of RELATIONS) {
      for (const accept of ['application/json', 'text/csv']) {
        const res = await s.request(`/api/db/${rel.name}?limit=1000`, { as: 'viewer', headers: { accept } });
        const text = await res.text();
        if (res.status === 200) scanned++;
        expect(leaks(text), `${rel.name} (${accept})`).toEqual([]);
      }
    }
    expect(scanned).toBeGreaterThan(20);
    const extra = [
      '/api/db/checks?select=name,spec,canaries(name,spec)',
      '/api/db/canaries?select=name,checks(spec)',
      '/api/db/canaries?select=pw:spec->http->0->password->>value,h:spec->http->0->headers',
      '/api/db/canaries?select=spec::text',
      `/api/db/canaries?select=name&spec->http->0->password->>value=eq.${SECRETS.basic}`,
      '/api/db/config_scrapers?select=spec->sql->0->>connection',
    ];
    for (const path of extra) {
      const res = await s.request(path, { as: 'viewer' });
      const text = await res.text();
      expect(res.status, path).toBe(200);
      expect(leaks(text), path).toEqual([]);
    }
    // The filter ran on the masked value: the plaintext matches nothing (no oracle).
    expect(
      await (await s.request(`/api/db/canaries?select=name&spec->http->0->password->>value=eq.${SECRETS.basic}`, { as: 'viewer' })).json(),
    ).toEqual([]);
    const masked = (await (await s.request('/api/db/canaries?select=spec&name=eq.secret-canary', { as: 'viewer' })).json()) as {
      spec: Spec;
    }[];
    const http = masked[0]!.spec.http[0]!;
    expect(http.url).toBe(`https://alice:${SECRET_MASK}@127.0.0.1:1/health`);
    expect(http.password).toEqual({ value: SECRET_MASK });
    expect(http.username).toEqual({ value: 'alice' });
    expect(http.headers[2]).toEqual({ name: 'X-Plain', value: 'visible-header' });
  });

  it('never reach a viewer from the typed endpoints (resources, CLI get, health API)', async () => {
    const paths = [
      '/api/resources/canaries',
      '/api/resources/canary/secret-canary',
      '/api/resources/scrapeconfigs',
      '/api/resources/scrapeconfig/secret-scraper',
      '/api/canary/api',
      '/api/canary/api/summary',
    ];
    for (const path of paths) {
      const res = await s.request(path, { as: 'viewer' });
      const text = await res.text();
      expect(res.status, path).toBe(200);
      expect(leaks(text), path).toEqual([]);
    }
  });

  it('are visible to callers who can write the resource', async () => {
    for (const as of ['editor', 'admin'] as const) {
      const doc = await (await s.request('/api/resources/canary/secret-canary', { as })).text();
      const rows = await (await s.request('/api/db/canaries?select=spec', { as })).text();
      expect(doc).toContain(SECRETS.basic);
      expect(rows).toContain(SECRETS.bearer);
      expect(await (await s.request('/api/db/config_scrapers?select=spec', { as })).text()).toContain(SECRETS.kvPass);
    }
  });

  it('are kept when an apply sends the masked spec back', async () => {
    const before = await rawSpec('canaries', 'secret-canary');
    const viewed = await s.json<Record<string, unknown>>('/api/resources/canary/secret-canary', { as: 'viewer' });
    const scraper = await s.json<Record<string, unknown>>('/api/resources/scrapeconfig/secret-scraper', { as: 'viewer' });
    const scraperBefore = await rawSpec('config_scrapers', 'secret-scraper');
    const r = await s.json<{ results?: { action: string }[] }>('/api/resources/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([viewed.body, scraper.body]),
      as: 'editor',
    });
    expect(r.status).toBe(200);
    expect(r.body.results?.[0]?.action).toBe('unchanged');
    expect(await rawSpec('canaries', 'secret-canary')).toBe(before);
    expect(await rawSpec('config_scrapers', 'secret-scraper')).toBe(scraperBefore);
    // A mask where nothing is stored is refused, naming the field.
    const bad = await apply(CANARY.replace('name: secret-canary', 'name: other').replace(SECRETS.basic, SECRET_MASK));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('spec.http[0].password.value');
  });

  it('are kept when a data-API PATCH sends the masked spec back', async () => {
    const before = await rawSpec('canaries', 'secret-canary');
    const [row] = (await (await s.request('/api/db/canaries?select=id,spec&name=eq.secret-canary', { as: 'viewer' })).json()) as {
      id: string;
      spec: Spec;
    }[];
    row!.spec.http[0]!.headers[2]!.value = 'changed-header';
    const res = await s.request(`/api/db/canaries?id=eq.${row!.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ spec: row!.spec }),
      as: 'editor',
    });
    expect(res.status).toBe(204);
    const after = await rawSpec('canaries', 'secret-canary');
    expect(after).toBe(before.replace('visible-header', 'changed-header'));
  });

  it('are masked the same by SQL (data API) and by @ops/shared (typed endpoints)', async () => {
    const cases: unknown[] = [
      { password: 'p', token: 't', apiKey: 'k', tokenUrl: 'https://x/t', secretName: 'n', pass: true, empty: '' },
      {
        headers: { Authorization: 'Bearer abc', Cookie: 'a=b' },
        env: [
          { name: 'DB_PASSWORD', value: 'x' },
          { name: 'USER', value: 'u' },
        ],
      },
      { value: 'v', valueFrom: { secretKeyRef: { name: 'n', key: 'password' } } },
      { client: { clientSecret: { value: 's' } }, x: { password: { value: '', valueFrom: {} } } },
      ['postgres://u:p@h/db', 'https://tok@h/x', 'mysql://h/db', 'Server=h;User Id=u;Password=p;', "host=h password='a b' dbname=d"],
      ['Bearer abcdefghij', 'basic check', 'https://h/?a=1&access_token=zzz&b=2', 'a@b.c', 'ssh://git@github.com/x'],
      [1, null, true, { nested: [{ authorization: 'x' }] }],
    ];
    for (const c of cases) {
      const { rows } = await sql<{ m: unknown }>`SELECT ops_mask_secrets(${JSON.stringify(c)}::jsonb) AS m`.execute(s.ctx.db.kysely);
      expect(rows[0]!.m, JSON.stringify(c)).toEqual(maskSecrets(c));
    }
  });
});
