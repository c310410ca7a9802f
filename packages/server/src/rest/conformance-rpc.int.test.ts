import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataEngineOf } from '../modules/data/data.routes.js';
import { startTestServer, type TestServer, type TestUser } from '../test/test-server.js';

// Conformance of /rpc/<fn>: GET and POST, scalar / set / composite / void returns, filters and embeds on
// results, overloads, volatility and permissions, and the PGRST101/202/203 errors.
let s: TestServer;
type Row = Record<string, unknown>;

const SCHEMA = `
CREATE TABLE f_items (id int PRIMARY KEY, name text NOT NULL, owner_id int);
CREATE TABLE f_owners (id int PRIMARY KEY, name text NOT NULL);
ALTER TABLE f_items ADD FOREIGN KEY (owner_id) REFERENCES f_owners(id);
INSERT INTO f_owners VALUES (1, 'olga'), (2, 'omar');
INSERT INTO f_items VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 1);
CREATE TABLE f_log (msg text);
CREATE FUNCTION f_add(a int, b int DEFAULT 1) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$;
CREATE FUNCTION f_items_from(min_id int) RETURNS SETOF f_items LANGUAGE sql STABLE AS $$ SELECT * FROM f_items WHERE id >= min_id ORDER BY id $$;
CREATE FUNCTION f_first() RETURNS f_items LANGUAGE sql STABLE AS $$ SELECT * FROM f_items ORDER BY id LIMIT 1 $$;
CREATE FUNCTION f_pairs(n int) RETURNS TABLE (k int, label text) LANGUAGE sql STABLE AS $$ SELECT g, 'n' || g FROM generate_series(1, n) g $$;
CREATE FUNCTION f_series(n int) RETURNS SETOF int LANGUAGE sql IMMUTABLE AS $$ SELECT generate_series(1, n) $$;
CREATE FUNCTION f_log_it(msg text) RETURNS void LANGUAGE sql VOLATILE AS $$ INSERT INTO f_log VALUES (msg) $$;
CREATE FUNCTION f_echo(json) RETURNS json LANGUAGE sql IMMUTABLE AS $$ SELECT $1 $$;
CREATE FUNCTION f_tags(tags text[], meta jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT array_to_string(tags, '+') || (meta->>'k') $$;
CREATE FUNCTION f_over(x int) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT x $$;
CREATE FUNCTION f_over(x text) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT 0 $$;
CREATE FUNCTION f_hidden() RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT 1 $$;`;

const call = <T = unknown>(method: string, path: string, body?: unknown, as: TestUser = 'admin', headers: Record<string, string> = {}) =>
  s.json<T>(`/api/db/rpc/${path}`, {
    method,
    as,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  await s.db.pool.query(SCHEMA);
  const engine = dataEngineOf(s.app)!;
  await engine.refresh();
  engine.registry.addRelation({ name: 'f_items', read: 'database' });
  engine.registry.addRelation({ name: 'f_owners', read: 'database' });
  for (const name of ['f_add', 'f_items_from', 'f_first', 'f_pairs', 'f_series', 'f_log_it', 'f_echo', 'f_tags', 'f_over']) {
    engine.registry.addFunction({ name, resource: 'database' });
  }
});
afterAll(async () => {
  await s?.stop();
});

describe('rpc', () => {
  it('calls scalar functions by GET (query args) and POST (JSON args), with defaults', async () => {
    expect((await call('GET', 'f_add?a=2&b=3')).body).toBe(5);
    expect((await call('GET', 'f_add?a=2')).body).toBe(3);
    expect((await call('POST', 'f_add', { a: 40, b: 2 })).body).toBe(42);
    expect((await call('POST', 'f_tags', { tags: ['x', 'y'], meta: { k: '!' } })).body).toBe('x+y!');
  });

  it('returns set-returning functions as rows with select, filters, order, range, counts and embeds', async () => {
    const r = await call<Row[]>(
      'GET',
      'f_items_from?min_id=1&select=name,f_owners(name)&id=neq.2&order=id.desc&limit=5',
      undefined,
      'admin',
      { prefer: 'count=exact' },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('0-1/2');
    expect(r.body).toEqual([
      { name: 'c', f_owners: { name: 'olga' } },
      { name: 'a', f_owners: { name: 'olga' } },
    ]);
    const post = await call<Row[]>('POST', 'f_items_from?select=id&limit=1', { min_id: 2 });
    expect(post.body).toEqual([{ id: 2 }]);
    const table = await call<Row[]>('GET', 'f_pairs?n=3&k=gt.1');
    expect(table.body).toEqual([
      { k: 2, label: 'n2' },
      { k: 3, label: 'n3' },
    ]);
    expect((await call('GET', 'f_series?n=4&offset=1&limit=2')).body).toEqual([2, 3]);
  });

  it('returns a single composite as one object', async () => {
    expect((await call('GET', 'f_first?select=id,name')).body).toEqual({ id: 1, name: 'a' });
  });

  it('passes the whole body to a function with one unnamed json parameter', async () => {
    expect((await call('POST', 'f_echo', { any: ['thing'] })).body).toEqual({ any: ['thing'] });
  });

  it('runs volatile functions by POST only: 204 for void; GET runs read-only and fails with 405', async () => {
    const r = await s.request('/api/db/rpc/f_log_it', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"msg":"hi"}',
    });
    expect(r.status).toBe(204);
    const get = await call<Row>('GET', 'f_log_it?msg=again');
    expect(get.status).toBe(405);
    expect(get.body.code).toBe('25006');
    expect((await s.db.pool.query('SELECT msg FROM f_log')).rows).toEqual([{ msg: 'hi' }]);
  });

  it('checks permissions: read for GET and stable POST, write for volatile POST', async () => {
    expect((await call('GET', 'f_add?a=1', undefined, 'viewer')).status).toBe(200);
    expect((await call('POST', 'f_add', { a: 1 }, 'viewer')).status).toBe(200);
    const r = await call<Row>('POST', 'f_log_it', { msg: 'no' }, 'viewer');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: '42501', message: 'permission denied for f_log_it' });
  });

  it('answers PGRST202 for unknown or unregistered functions and wrong arguments, PGRST203 for ambiguity', async () => {
    const r = await call<Row>('GET', 'f_hidden');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.f_hidden without parameters in the schema cache',
      details: 'Searched for the function public.f_hidden without parameters, but no matches were found in the schema cache.',
      hint: null,
    });
    const args = await call<Row>('POST', 'f_add', { z: 1 });
    expect(args.body).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.f_add(z) in the schema cache' });
    const amb = await call<Row>('GET', 'f_over?x=1');
    expect(amb.status).toBe(300);
    expect(amb.body.code).toBe('PGRST203');
    const bad = await call<Row>('GET', 'f_add?a=x');
    expect([bad.status, bad.body.code]).toEqual([400, '22P02']);
  });

  it('answers 405 (PGRST101) for other methods', async () => {
    const r = await call<Row>('PATCH', 'f_add', {});
    expect(r.status).toBe(405);
    expect(r.body).toMatchObject({ code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' });
  });
});
