// Hostile bodies and casts answer 400 naming the problem (never 500), and deleting a
// scraper soft-deletes its live items in the same transaction.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

const deep = (n: number) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`;
const post = (path: string, body: string, type: string) =>
  s.json<{ error?: string; message?: string; code?: string }>(path, { method: 'POST', headers: { 'content-type': type }, body });

describe('hostile bodies', () => {
  it('JSON nested 20,000 deep is a 400 on the data API, on apply and on typed JSON routes', async () => {
    const db = await post('/api/db/saved_query', deep(20_000), 'application/json');
    expect(db.status).toBe(400);
    expect(db.body.message).toContain('nested more than 512 levels');
    const applied = await post('/api/resources/apply', deep(20_000), 'application/json');
    expect(applied.status).toBe(400);
    expect(applied.body.error).toContain('nested more than 512 levels');
    const typed = await post('/api/catalog/changes', deep(20_000), 'application/json');
    expect(typed.status).toBe(400);
    expect(typed.body.error ?? typed.body.message).toContain('nested more than 512 levels');
  });

  it('a NUL byte in YAML (raw or escaped) is a 400 naming it', async () => {
    const doc = (v: string) => `apiVersion: ops.console/v1\nkind: FeatureFlag\nmetadata:\n  name: nul.flag\nspec:\n  value: ${v}\n`;
    const raw = await post('/api/resources/apply', doc('a\u0000b'), 'application/yaml');
    expect(raw.status).toBe(400);
    expect(raw.body.error).toContain('NUL');
    expect(raw.body.error).toContain('line 6');
    const escaped = await post('/api/resources/apply', doc('"a\\0b"'), 'application/yaml');
    expect(escaped.status).toBe(400);
    expect(escaped.body.error).toContain('NUL');
  });

  it('a YAML alias bomb is a 400, quickly', async () => {
    const names = 'abcdefghi'.split('');
    const lines = [`a: &a [x,x,x,x,x,x,x,x,x]`];
    for (let i = 1; i < names.length; i++) lines.push(`${names[i]}: &${names[i]} [${Array(9).fill(`*${names[i - 1]}`).join(',')}]`);
    const started = Date.now();
    const r = await post('/api/resources/apply', `${lines.join('\n')}\n`, 'application/yaml');
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('alias');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('casts in select', () => {
  it('allow scalar types and refuse catalogue types such as regclass', async () => {
    const ok = await s.json<unknown[]>('/api/db/people?select=name::text,created_at::date&limit=1');
    expect(ok.status).toBe(200);
    for (const type of ['regclass', 'regproc', 'oid', 'pg_lsn']) {
      const r = await s.json<{ code: string; message: string }>(`/api/db/people?select=name::${type}`);
      expect(r.status, type).toBe(400);
      expect(r.body.message).toContain(`"${type}"`);
    }
    const unknown = await s.json<{ code: string }>('/api/db/people?select=name::nosuchtype');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('42704');
  });
});

describe('deleting a scraper', () => {
  const scraper = (name: string) =>
    `apiVersion: configs.flanksource.com/v1\nkind: ScrapeConfig\nmetadata:\n  name: ${name}\nspec:\n  file:\n    - type: T\n      id: $.id\n      paths: [x.json]\n`;

  async function scraperWithItems(name: string): Promise<string> {
    expect((await post('/api/resources/apply', scraper(name), 'application/yaml')).status).toBe(200);
    const { rows } = await sql<{ id: string }>`SELECT id FROM config_scrapers WHERE name = ${name}`.execute(s.ctx.db.kysely);
    const id = rows[0]!.id;
    for (const n of ['one', 'two'])
      await sql`INSERT INTO config_items (scraper_id, type, name, external_id, config) VALUES (${id}, 'T', ${`${name}-${n}`}, ARRAY[${`${name}-${n}`}], '{}')`.execute(
        s.ctx.db.kysely,
      );
    return id;
  }
  const liveItems = async (id: string) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM config_items WHERE scraper_id = ${id} AND deleted_at IS NULL`.execute(s.ctx.db.kysely))
      .rows[0]!.n;

  it('through the data API soft-deletes its items with a reason', async () => {
    const id = await scraperWithItems('del-db');
    expect(await liveItems(id)).toBe(2);
    expect((await s.request(`/api/db/config_scrapers?id=eq.${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await liveItems(id)).toBe(0);
    const reasons = await sql<{ r: string }>`SELECT DISTINCT delete_reason AS r FROM config_items WHERE scraper_id = ${id}`.execute(s.ctx.db.kysely);
    expect(reasons.rows).toEqual([{ r: 'scraper deleted' }]);
  });

  it('through /api/resources (the CLI) soft-deletes its items', async () => {
    const id = await scraperWithItems('del-res');
    expect((await s.request('/api/resources/scrapeconfig/del-res', { method: 'DELETE' })).status).toBe(200);
    expect(await liveItems(id)).toBe(0);
  });
});
