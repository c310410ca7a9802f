import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataEngineOf } from '../modules/data/data.routes.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

// Conformance of reads with the PostgREST grammar: select, filters, logic trees, order, ranges, counts, media types.
let s: TestServer;
type Row = Record<string, unknown>;

const SCHEMA = `
CREATE TABLE r_items (
  id int PRIMARY KEY, name text NOT NULL, price numeric, tags text[] NOT NULL DEFAULT '{}', data jsonb NOT NULL DEFAULT '{}',
  body text, doc tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce(body, ''))) STORED, period int4range,
  active boolean, secret text, created_at timestamptz NOT NULL DEFAULT '2024-01-01T00:00:00Z');
INSERT INTO r_items (id, name, price, tags, data, body, period, active, secret) VALUES
  (1, 'apple', 1.5, '{fruit,red}', '{"color": "red", "size": {"w": 3}, "list": [10, 20]}', 'the quick brown fox', '[1,5)', true, 's1'),
  (2, 'banana', 0.5, '{fruit,yellow}', '{"color": "yellow", "size": {"w": 5}}', 'lazy dogs sleep', '[5,10)', false, 's2'),
  (3, 'Cherry', NULL, '{fruit,red,small}', '{"color": "red"}', 'quick cherries', '[10,20)', NULL, 's3'),
  (4, 'date, dried', 4, '{}', '{}', NULL, NULL, true, 's4'),
  (5, 'eggplant', 2.25, '{vegetable}', '{"color": "purple"}', 'the fox jumps', '[3,4)', false, 's5');`;

const get = <T = Row[]>(path: string, headers: Record<string, string> = {}, as: 'admin' | 'viewer' = 'admin') =>
  s.json<T>(`/api/db/${path}`, { headers, as });
const ids = async (path: string) => (await get(path)).body.map((r) => r.id);

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  await s.db.pool.query(SCHEMA);
  const engine = dataEngineOf(s.app)!;
  await engine.refresh();
  engine.registry.addRelation({ name: 'r_items', read: 'database', hidden: ['secret'] });
});
afterAll(async () => {
  await s?.stop();
});

describe('select', () => {
  it('returns every visible column for * and the default select, in column order', async () => {
    const r = await get('r_items?id=eq.1');
    expect(Object.keys(r.body[0]!)).toEqual(['id', 'name', 'price', 'tags', 'data', 'body', 'doc', 'period', 'active', 'created_at']);
    expect(r.body[0]).toMatchObject({ id: 1, name: 'apple', price: 1.5, tags: ['fruit', 'red'], period: '[1,5)' });
  });

  it('supports aliases, casts and JSON paths (->, ->>, array index)', async () => {
    const r = await get(
      'r_items?select=label:name,price::text,id::text,color:data->>color,data->size->w,first:data->list->0,data->>missing&id=eq.1',
    );
    expect(r.body).toEqual([{ label: 'apple', price: '1.5', id: '1', color: 'red', w: 3, first: 10, missing: null }]);
  });

  it('never exposes hidden columns: select, filter and order answer 42703', async () => {
    for (const q of ['select=secret', 'secret=eq.s1', 'order=secret', 'or=(secret.eq.s1)']) {
      const r = await get<Row>(`r_items?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body, q).toEqual({ code: '42703', message: 'column r_items.secret does not exist', details: null, hint: null });
    }
  });

  it('rejects unknown columns and casts, and unparsable selects', async () => {
    const r = await get<Row>('r_items?select=nme');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: '42703', hint: 'Perhaps you meant to reference the column "r_items.name".' });
    expect((await get<Row>('r_items?select=name::nosuchtype')).body).toMatchObject({ code: '42704' });
    const p = await get<Row>('r_items?select=name,(');
    expect(p.status).toBe(400);
    expect(p.body.code).toBe('PGRST100');
  });
});

describe('filters', () => {
  it.each([
    ['id=eq.2', [2]],
    ['id=neq.2', [1, 3, 4, 5]],
    ['price=gt.1.5', [4, 5]],
    ['price=gte.1.5', [1, 4, 5]],
    ['price=lt.1.5', [2]],
    ['price=lte.1.5', [1, 2]],
    ['name=like.*an*', [2, 5]],
    ['name=ilike.c*', [3]],
    ['name=match.^[ab]', [1, 2]],
    ['name=imatch.^C', [3]],
    ['id=in.(1,3,99)', [1, 3]],
    ['name=in.("date, dried",apple)', [1, 4]],
    ['id=in.()', []],
    ['price=is.null', [3]],
    ['active=is.true', [1, 4]],
    ['active=is.false', [2, 5]],
    ['active=is.unknown', [3]],
    ['tags=cs.{red}', [1, 3]],
    ['tags=cd.{fruit,red,yellow}', [1, 2, 4]],
    ['tags=ov.{small,vegetable}', [3, 5]],
    ['data=cs.{"color":"red"}', [1, 3]],
    ['period=sl.[6,7)', [1, 5]],
    ['period=adj.[20,30)', [3]],
    ['doc=fts.quick', [1, 3]],
    ['doc=fts(english).fox %26 jump', [5]],
    ['doc=plfts.quick brown', [1]],
    ['doc=phfts(english).lazy dogs', [2]],
    ['doc=wfts.fox -brown', [5]],
    ['body=fts.cherries', [3]],
    ['active=isdistinct.true', [2, 3, 5]],
    ['name=like(any).{a*,b*}', [1, 2]],
    ['price=gt(all).{1,2}', [4, 5]],
    ['data->>color=eq.red', [1, 3]],
    ['data->size->w=gt.4', [2]],
    ['data->list->1=eq.20', [1]],
  ])('%s', async (q, expected) => {
    expect(await ids(`r_items?select=id&order=id&${q}`)).toEqual(expected);
  });

  it('negates any operator with not.', async () => {
    expect(await ids('r_items?select=id&order=id&id=not.in.(1,2)')).toEqual([3, 4, 5]);
    expect(await ids('r_items?select=id&order=id&price=not.is.null&name=not.like.*an*')).toEqual([1, 4]);
    expect(await ids('r_items?select=id&order=id&tags=not.cs.{fruit}')).toEqual([4, 5]);
  });

  it('combines repeated filters with AND', async () => {
    expect(await ids('r_items?select=id&order=id&id=gt.1&id=lt.4')).toEqual([2, 3]);
  });

  it('supports or, and, not.or and nesting, with quoted values and JSON paths', async () => {
    expect(await ids('r_items?select=id&order=id&or=(id.eq.1,price.gt.3)')).toEqual([1, 4]);
    expect(await ids('r_items?select=id&order=id&or=(name.eq."date, dried",and(tags.cs.{red},price.is.null))')).toEqual([3, 4]);
    expect(await ids('r_items?select=id&order=id&not.or=(id.eq.1,id.eq.2)')).toEqual([3, 4, 5]);
    expect(await ids('r_items?select=id&order=id&and=(active.is.false,or(data->>color.eq.purple,id.eq.2))')).toEqual([2, 5]);
    expect(await ids('r_items?select=id&order=id&or=(not.and(id.gt.1,id.lt.5),id.in.(2,3))')).toEqual([1, 2, 3, 5]);
  });

  it('answers bad values and bad operators with 400', async () => {
    const bad = await get<Row>('r_items?id=eq.abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: '22P02', message: 'invalid input syntax for type integer: "abc"', details: null, hint: null });
    const op = await get<Row>('r_items?id=foo.bar.1&name=xx.1');
    expect(op.status).toBe(200); // not filters: a value without an operator is an (ignored) parameter, as in PostgREST
    const unknown = await get<Row>('r_items?id=not.nope.1');
    expect(unknown.body).toMatchObject({ code: 'PGRST100', details: 'unknown single value operator nope' });
    const regex = await get<Row>('r_items?name=match.(');
    expect(regex.status).toBe(400);
    expect(regex.body.code).toBe('2201B');
    expect((await get<Row>('r_items?or=(id.eq.1')).body.code).toBe('PGRST100');
  });
});

describe('order', () => {
  it('orders by several keys with directions and null placement', async () => {
    expect(await ids('r_items?select=id&order=price.desc.nullslast')).toEqual([4, 5, 1, 2, 3]);
    expect(await ids('r_items?select=id&order=price.desc.nullsfirst')).toEqual([3, 4, 5, 1, 2]);
    expect(await ids('r_items?select=id&order=price.nullsfirst')).toEqual([3, 2, 1, 5, 4]);
    expect(await ids('r_items?select=id&order=active.desc,id.desc')).toEqual([3, 4, 1, 5, 2]);
    expect(await ids('r_items?select=id&order=data->size->>w.desc.nullslast,id')).toEqual([2, 1, 3, 4, 5]);
  });

  it('rejects a malformed order', async () => {
    const r = await get<Row>('r_items?order=id.sideways');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'PGRST100', message: '"failed to parse order (id.sideways)" (line 1, column 4)' });
  });
});

describe('ranges and counts', () => {
  it('pages with limit/offset and answers Content-Range without a total', async () => {
    const r = await get('r_items?select=id&order=id&limit=2&offset=1');
    expect(r.status).toBe(200);
    expect(r.body.map((x) => x.id)).toEqual([2, 3]);
    expect(r.headers.get('content-range')).toBe('1-2/*');
  });

  it('counts exactly with Prefer: count=exact and answers 206 for a partial page', async () => {
    const r = await get('r_items?select=id&order=id&limit=2', { prefer: 'count=exact' });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('0-1/5');
    expect(r.headers.get('preference-applied')).toBe('count=exact');
    const all = await get('r_items?select=id', { prefer: 'count=exact' });
    expect([all.status, all.headers.get('content-range')]).toEqual([200, '0-4/5']);
    const none = await get('r_items?id=gt.100', { prefer: 'count=exact' });
    expect([none.status, none.headers.get('content-range'), none.body]).toEqual([200, '*/0', []]);
    const filtered = await get('r_items?select=id&price=gt.1&limit=1', { prefer: 'count=exact' });
    expect(filtered.headers.get('content-range')).toBe('0-0/3');
  });

  it('estimates with count=planned and counts small results exactly with count=estimated', async () => {
    await s.db.pool.query('ANALYZE r_items');
    const planned = await get('r_items?select=id&limit=1', { prefer: 'count=planned' });
    expect(planned.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    expect(planned.headers.get('preference-applied')).toBe('count=planned');
    const est = await get('r_items?select=id&limit=1', { prefer: 'count=estimated' });
    expect(est.headers.get('content-range')).toBe('0-0/5');
  });

  it('honours the Range header, intersected with limit/offset', async () => {
    const r = await get('r_items?select=id&order=id', { range: '1-3', 'range-unit': 'items', prefer: 'count=exact' });
    expect([r.status, r.headers.get('content-range')]).toEqual([206, '1-3/5']);
    expect(r.body.map((x) => x.id)).toEqual([2, 3, 4]);
    const both = await get('r_items?select=id&order=id&limit=1', { range: '2-' });
    expect(both.body.map((x) => x.id)).toEqual([]);
    const open = await get('r_items?select=id&order=id', { range: '3-' });
    expect(open.body.map((x) => x.id)).toEqual([4, 5]);
  });

  it('answers 416 (PGRST103) past the end and for inverted or negative ranges', async () => {
    const r = await get<Row>('r_items?offset=9', { prefer: 'count=exact' });
    expect(r.status).toBe(416);
    expect(r.headers.get('content-range')).toBe('*/5');
    expect(r.body).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 9 was requested, but there are only 5 rows.',
      hint: null,
    });
    expect((await get<Row>('r_items', { range: '5-2' })).status).toBe(416);
    expect((await get<Row>('r_items?limit=-1')).body).toMatchObject({
      code: 'PGRST103',
      details: 'Limit should be greater than or equal to zero.',
    });
  });
});

describe('media types and HEAD', () => {
  it('answers one object for vnd.pgrst.object+json, 406 (PGRST116) otherwise', async () => {
    const one = await get<Row>('r_items?select=id,name&id=eq.2', { accept: 'application/vnd.pgrst.object+json' });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toContain('application/vnd.pgrst.object+json');
    expect(one.body).toEqual({ id: 2, name: 'banana' });
    const none = await get<Row>('r_items?id=eq.99', { accept: 'application/vnd.pgrst.object+json' });
    expect(none.status).toBe(406);
    expect(none.body).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
    expect((await get<Row>('r_items', { accept: 'application/vnd.pgrst.object+json' })).body.details).toBe('The result contains 5 rows');
  });

  it('answers CSV with PostgreSQL text values and quoting', async () => {
    const r = await s.request('/api/db/r_items?select=id,name,tags,price&order=id&id=in.(3,4)', { headers: { accept: 'text/csv' } });
    expect(r.headers.get('content-type')).toContain('text/csv');
    expect(await r.text()).toBe('id,name,tags,price\n3,Cherry,"{fruit,red,small}",\n4,"date, dried",{},4');
  });

  it('refuses unknown media types with 406 (PGRST107)', async () => {
    const r = await get<Row>('r_items', { accept: 'application/xml' });
    expect(r.status).toBe(406);
    expect(r.body).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: application/xml' });
  });

  it('answers HEAD with headers only', async () => {
    const r = await s.request('/api/db/r_items?limit=1', { method: 'HEAD', headers: { prefer: 'count=exact' } });
    expect(r.status).toBe(206);
    expect(r.headers.get('content-range')).toBe('0-0/5');
    expect(await r.text()).toBe('');
  });
});

describe('access', () => {
  it('answers 404 (PGRST205) for unregistered relations with a hint among registered ones only', async () => {
    await s.db.pool.query('CREATE TABLE r_itemz (id int)');
    await dataEngineOf(s.app)!.refresh();
    const r = await get<Row>('r_itemz');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.r_itemz' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.r_items'",
    });
  });

  it('re-reads the schema by itself when a registered relation appears after start-up', async () => {
    await s.db.pool.query("CREATE TABLE r_late (id int PRIMARY KEY, note text); INSERT INTO r_late VALUES (1, 'late')");
    dataEngineOf(s.app)!.registry.addRelation({ name: 'r_late', read: 'database' });
    const r = await get('r_late');
    expect([r.status, r.body]).toEqual([200, [{ id: 1, note: 'late' }]]);
  });

  it('checks the read permission of the relation', async () => {
    dataEngineOf(s.app)!.registry.addRelation({ name: 'r_itemz', read: 'connections' });
    const r = await get<Row>('r_itemz', {}, 'viewer');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: '42501', message: 'permission denied for r_itemz' });
    expect((await get('r_itemz')).status).toBe(200);
  });
});
