import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dataEngineOf } from '../modules/data/data.routes.js';
import { startTestServer, type TestServer, type TestUser } from '../test/test-server.js';
import { ACTOR, NOW, literal } from './types.js';

// Conformance of writes: POST (bulk, columns, missing=default, upserts), PATCH, PUT, DELETE, server-owned
// columns, soft delete, guards, validation, database errors, transactions and the response headers.
let s: TestServer;
type Row = Record<string, unknown>;

const SCHEMA = `
CREATE TABLE w_groups (id int PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE w_things (
  id serial PRIMARY KEY, name text NOT NULL, code text UNIQUE, qty int NOT NULL DEFAULT 7, tags text[], meta jsonb,
  group_id int REFERENCES w_groups(id), origin text NOT NULL DEFAULT 'x', locked boolean NOT NULL DEFAULT false,
  secret text, created_by uuid, created_at timestamptz, updated_at timestamptz, deleted_at timestamptz);
CREATE TABLE w_readonly (id int PRIMARY KEY);
INSERT INTO w_groups VALUES (1, 'one'), (2, 'two');`;

const send = <T = Row[]>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as: TestUser = 'admin') =>
  s.json<T>(`/api/db/${path}`, {
    method,
    as,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
const rep = { prefer: 'return=representation' };
const rows = async (where = 'true') => (await s.db.pool.query(`SELECT * FROM w_things WHERE ${where} ORDER BY id`)).rows as Row[];

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  await s.db.pool.query(SCHEMA);
  const engine = dataEngineOf(s.app)!;
  await engine.refresh();
  engine.registry.addRelation({ name: 'w_groups', read: 'database', operations: ['insert'] });
  engine.registry.addRelation({ name: 'w_readonly', read: 'database' });
  engine.registry.addRelation({
    name: 'w_things',
    read: 'database',
    write: 'canaries',
    operations: ['insert', 'update', 'delete', 'upsert'],
    hidden: ['secret'],
    softDelete: 'deleted_at',
    serverOwned: {
      created_by: { insert: ACTOR },
      origin: { insert: literal('api') },
      created_at: { insert: NOW },
      updated_at: { insert: NOW, update: NOW },
    },
    guard: { when: { locked: true }, message: 'Cannot change locked things' },
    schema: z.object({ name: z.string().min(2), qty: z.number().int().nonnegative().optional() }),
  });
});
beforeEach(async () => {
  await s.db.pool.query('TRUNCATE w_things RESTART IDENTITY');
});
afterAll(async () => {
  await s?.stop();
});

describe('POST', () => {
  it('inserts with return=minimal by default: 201, no body, Content-Range */*', async () => {
    const r = await s.request('/api/db/w_things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'aa' }),
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-range')).toBe('*/*');
    expect(await r.text()).toBe('');
    expect(await rows()).toHaveLength(1);
  });

  it('returns the representation with select/embeds, sets server-owned columns and ignores client values for them', async () => {
    const r = await send(
      'POST',
      'w_things?select=id,name,origin,created_by,w_groups(name)',
      { name: 'aa', group_id: 1, origin: 'client', created_by: s.ids.viewer },
      rep,
    );
    expect(r.status).toBe(201);
    expect(r.headers.get('preference-applied')).toBe('return=representation');
    expect(r.body).toEqual([{ id: 1, name: 'aa', origin: 'api', created_by: s.ids.admin, w_groups: { name: 'one' } }]);
    const [row] = await rows();
    expect(row!.created_at).toBeInstanceOf(Date);
    expect(row!.updated_at).toBeInstanceOf(Date);
  });

  it('bulk-inserts arrays in one statement, with an exact count', async () => {
    const r = await send('POST', 'w_things?select=name', [{ name: 'aa' }, { name: 'bb' }, { name: 'cc' }], {
      prefer: 'return=representation, count=exact',
    });
    expect(r.body).toEqual([{ name: 'aa' }, { name: 'bb' }, { name: 'cc' }]);
    expect(r.headers.get('content-range')).toBe('*/3');
    expect((await send('POST', 'w_things', [])).status).toBe(201);
  });

  it('requires equal keys in bulk rows unless ?columns is given; missing=default uses column defaults', async () => {
    const mismatch = await send<Row>('POST', 'w_things', [{ name: 'aa' }, { name: 'bb', qty: 1 }]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ code: 'PGRST102', message: 'All object keys must match', details: null, hint: null });
    const nulls = await send<Row>(
      'POST',
      'w_things?columns=name,tags&select=name,tags,qty',
      [
        { name: 'aa', extra: 1 },
        { name: 'bb', tags: ['t'] },
      ],
      rep,
    );
    expect(nulls.body).toEqual([
      { name: 'aa', tags: null, qty: 7 },
      { name: 'bb', tags: ['t'], qty: 7 },
    ]);
    const defaults = await send('POST', 'w_things?columns=name,qty&select=name,qty', [{ name: 'cc' }, { name: 'dd', qty: 2 }], {
      prefer: 'return=representation,missing=default',
    });
    expect(defaults.body).toEqual([
      { name: 'cc', qty: 7 },
      { name: 'dd', qty: 2 },
    ]);
    expect(defaults.headers.get('preference-applied')).toBe('missing=default, return=representation');
  });

  it('rejects unknown and hidden columns (PGRST204), invalid rows (zod) and bad JSON (PGRST102)', async () => {
    for (const key of ['nope', 'secret']) {
      const r = await send<Row>('POST', 'w_things', { name: 'aa', [key]: 1 });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        code: 'PGRST204',
        message: `Could not find the '${key}' column of 'w_things' in the schema cache`,
        details: null,
        hint: null,
      });
    }
    const invalid = await send<Row>('POST', 'w_things', [{ name: 'ok' }, { name: 'x' }]);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: '23514', details: 'Row 2 of the request body' });
    expect(String(invalid.body.message)).toContain("column 'name' of 'w_things'");
    expect((await send<Row>('POST', 'w_things', '{"name":')).body).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    expect((await send<Row>('POST', 'w_things', '[1,2]')).body).toMatchObject({ code: 'PGRST102' });
    expect(await rows()).toHaveLength(0);
  });

  it('maps database errors to PostgREST statuses and writes nothing of a failing bulk insert', async () => {
    await send('POST', 'w_things', { name: 'aa', code: 'c1' });
    const dup = await send<Row>('POST', 'w_things', [
      { name: 'bb', code: 'c2' },
      { name: 'cc', code: 'c1' },
    ]);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "w_things_code_key"',
      details: 'Key (code)=(c1) already exists.',
    });
    expect(await rows()).toHaveLength(1);
    const fk = await send<Row>('POST', 'w_things', { name: 'bb', group_id: 99 });
    expect([fk.status, fk.body.code]).toEqual([409, '23503']);
    const nn = await send<Row>('POST', 'w_things?columns=name,qty', { name: 'bb' });
    expect([nn.status, nn.body.code]).toEqual([400, '23502']);
    const type = await send<Row>('POST', 'w_things', { name: 'bb', group_id: 'one' });
    expect([type.status, type.body.code]).toEqual([400, '22P02']);
  });

  it('upserts with resolution=merge-duplicates / ignore-duplicates on the PK or on_conflict', async () => {
    await send('POST', 'w_things', { name: 'aa', code: 'c1', qty: 1 });
    const merged = await send('POST', 'w_things?on_conflict=code&select=id,name,qty,origin', [{ name: 'bb', code: 'c1', qty: 2 }], {
      prefer: 'resolution=merge-duplicates,return=representation',
    });
    expect(merged.status).toBe(200);
    expect(merged.headers.get('preference-applied')).toBe('resolution=merge-duplicates, return=representation');
    expect(merged.body).toEqual([{ id: 1, name: 'bb', qty: 2, origin: 'api' }]);
    const inserted = await send('POST', 'w_things?on_conflict=code', { name: 'cc', code: 'c2' }, { prefer: 'resolution=merge-duplicates' });
    expect(inserted.status).toBe(201);
    const ignored = await send(
      'POST',
      'w_things?on_conflict=code&select=name',
      [
        { name: 'zz', code: 'c1' },
        { name: 'dd', code: 'c3' },
      ],
      { prefer: 'resolution=ignore-duplicates,return=representation' },
    );
    expect(ignored.body).toEqual([{ name: 'dd' }]);
    expect((await rows()).map((r) => r.name)).toEqual(['bb', 'cc', 'dd']);
  });

  it('inserts an empty object with every column at its default (server-owned ones set)', async () => {
    await s.db.pool.query("ALTER TABLE w_things ALTER COLUMN name SET DEFAULT 'unnamed'");
    const engine = dataEngineOf(s.app)!;
    const policy = engine.registry.relation('w_things')!;
    engine.registry.addRelation({ ...policy, schema: undefined });
    try {
      const r = await send('POST', 'w_things?select=name,qty,origin', {}, rep);
      expect([r.status, r.body]).toEqual([201, [{ name: 'unnamed', qty: 7, origin: 'api' }]]);
    } finally {
      engine.registry.addRelation(policy);
      await s.db.pool.query('ALTER TABLE w_things ALTER COLUMN name DROP DEFAULT');
    }
  });

  it('answers Location for return=headers-only', async () => {
    const r = await s.request('/api/db/w_things', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=headers-only' },
      body: '{"name":"aa"}',
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('location')).toBe('/w_things?id=eq.1');
  });

  it('inserts CSV bodies', async () => {
    const r = await s.json<Row[]>('/api/db/w_things?select=name,qty', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', prefer: 'return=representation' },
      body: 'name,qty\naa,1\n"b,b",2\n',
    });
    expect(r.body).toEqual([
      { name: 'aa', qty: 1 },
      { name: 'b,b', qty: 2 },
    ]);
  });
});

describe('PATCH, PUT and DELETE', () => {
  beforeEach(async () => {
    await send('POST', 'w_things', [
      { name: 'aa', qty: 1 },
      { name: 'bb', qty: 2 },
      { name: 'cc', qty: 3 },
    ]);
  });

  it('updates the filtered rows; 204 by default, 200 with a representation', async () => {
    const r = await s.request('/api/db/w_things?id=eq.1', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"qty": 10}',
    });
    expect([r.status, r.headers.get('content-range')]).toEqual([204, '0-0/*']);
    const many = await send(
      'PATCH',
      'w_things?id=gte.2&select=id,qty',
      { qty: 0, created_by: s.ids.viewer },
      { prefer: 'return=representation,count=exact' },
    );
    expect(many.status).toBe(200);
    expect(many.headers.get('content-range')).toBe('0-1/2');
    expect(many.body).toEqual([
      { id: 2, qty: 0 },
      { id: 3, qty: 0 },
    ]);
    expect((await rows()).map((x) => [x.qty, x.created_by])).toEqual([
      [10, s.ids.admin],
      [0, s.ids.admin],
      [0, s.ids.admin],
    ]);
  });

  it('refuses PATCH and DELETE without filters, and validates PATCH bodies partially', async () => {
    const r = await send<Row>('PATCH', 'w_things', { qty: 1 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    expect((await send<Row>('DELETE', 'w_things')).body).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    expect((await send<Row>('PATCH', 'w_things?id=eq.1', { qty: -1 })).body).toMatchObject({ code: '23514' });
    expect((await send<Row>('PATCH', 'w_things?id=eq.1', [{ qty: 1 }])).body).toMatchObject({ code: 'PGRST102' });
  });

  it('limits PATCH/DELETE with order and limit', async () => {
    await send('PATCH', 'w_things?id=gt.0&order=id.desc&limit=2', { qty: 9 });
    expect((await rows()).map((x) => x.qty)).toEqual([1, 9, 9]);
  });

  it('soft-deletes (deleted_at) and returns the deleted rows on request', async () => {
    const r = await send('DELETE', 'w_things?id=in.(1,2)&select=id', undefined, { prefer: 'return=representation,count=exact' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ id: 1 }, { id: 2 }]);
    expect(r.headers.get('content-range')).toBe('*/2');
    expect((await rows('deleted_at IS NOT NULL')).map((x) => x.id)).toEqual([1, 2]);
    expect((await send('DELETE', 'w_things?id=eq.1', undefined, rep)).body).toEqual([]);
  });

  it('guards rows: 403 with the policy message, nothing changed', async () => {
    await s.db.pool.query('UPDATE w_things SET locked = true WHERE id = 2');
    const r = await send<Row>('PATCH', 'w_things?id=in.(1,2)', { qty: 5 });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: '42501', message: 'Cannot change locked things', details: null, hint: null });
    expect((await send<Row>('DELETE', 'w_things?id=eq.2')).status).toBe(403);
    expect((await send<Row>('POST', 'w_things', { id: 2, name: 'zz' }, { prefer: 'resolution=merge-duplicates' })).status).toBe(403);
    expect((await rows()).map((x) => [x.qty, x.deleted_at])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
  });

  it('replaces or creates one row with PUT and checks its filters', async () => {
    const upd = await send('PUT', 'w_things?id=eq.1&select=id,name,qty', { id: 1, name: 'AA', qty: 4 }, rep);
    expect([upd.status, upd.body]).toEqual([200, [{ id: 1, name: 'AA', qty: 4 }]]);
    const ins = await send('PUT', 'w_things?id=eq.50&select=id', { id: 50, name: 'new' }, rep);
    expect([ins.status, ins.body]).toEqual([201, [{ id: 50 }]]);
    expect((await send<Row>('PUT', 'w_things?name=eq.AA', { id: 1, name: 'AA' })).body).toMatchObject({ code: 'PGRST105' });
    expect((await send<Row>('PUT', 'w_things?id=eq.1', { id: 2, name: 'AA' })).body).toMatchObject({ code: 'PGRST115' });
    expect((await send<Row>('PUT', 'w_things?id=eq.1&limit=1', { id: 1, name: 'AA' })).body).toMatchObject({ code: 'PGRST114' });
  });

  it('rolls back when a single object was requested and several rows changed, and enforces max-affected', async () => {
    const r = await send<Row>(
      'PATCH',
      'w_things?id=gt.0',
      { qty: 0 },
      { prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
    );
    expect([r.status, r.body.code, r.body.details]).toEqual([406, 'PGRST116', 'The result contains 3 rows']);
    const max = await send<Row>('DELETE', 'w_things?id=gt.0', undefined, { prefer: 'handling=strict, max-affected=2' });
    expect([max.status, max.body.code]).toEqual([400, 'PGRST124']);
    expect((await rows()).map((x) => [x.qty, x.deleted_at])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    const one = await send<Row>(
      'PATCH',
      'w_things?id=eq.1&select=id',
      { qty: 0 },
      { prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
    );
    expect(one.body).toEqual({ id: 1 });
  });
});

describe('write permissions', () => {
  it('checks the write resource (which may differ from the read one) and the allowed operations', async () => {
    // w_things: read 'database', write 'canaries' — responders read both but write neither.
    const r = await send<Row>('POST', 'w_things', { name: 'aa' }, {}, 'responder');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: '42501', message: 'permission denied for w_things' });
    expect((await send('POST', 'w_things', { name: 'aa' }, {}, 'editor')).status).toBe(201);
    const ro = await send<Row>('POST', 'w_readonly', { id: 1 });
    expect(ro.status).toBe(405);
    expect(ro.body).toMatchObject({ code: 'PGRST117', message: 'Unsupported HTTP method: POST' });
    expect((await send<Row>('PATCH', 'w_groups?id=eq.1', { name: 'x' })).status).toBe(405);
    expect((await send<Row>('DELETE', 'w_things?id=eq.1', undefined, {}, 'viewer')).status).toBe(403);
  });
});
