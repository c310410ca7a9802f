import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataEngineOf } from '../modules/data/data.routes.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { decodeComponent } from './parse/decode.js';

// Property tests over random query strings, headers and bodies: never a 5xx, never SQL text in an error,
// and injection attempts change nothing (the canary table stays, row counts stay).
let s: TestServer;

const SCHEMA = `
CREATE TABLE z_owners (id int PRIMARY KEY, name text);
CREATE TABLE z_items (id int PRIMARY KEY, name text, n int, data jsonb, tags text[], owner_id int REFERENCES z_owners(id), at timestamptz);
CREATE TABLE z_canary (id int);
INSERT INTO z_owners SELECT g, 'owner ' || g FROM generate_series(1, 3) g;
INSERT INTO z_items SELECT g, 'item ' || g, g % 4, jsonb_build_object('k', g, 's', 'v' || g), ARRAY['t' || (g % 3)], 1 + g % 3, '2024-01-01'::timestamptz + g * interval '1 day'
  FROM generate_series(1, 20) g;
INSERT INTO z_canary VALUES (1), (2);`;

const INJECTIONS = [
  "'; DROP TABLE z_canary; --",
  '"; DROP TABLE z_canary; --',
  '1) OR 1=1 --',
  "1'); DELETE FROM z_items; --",
  '$1',
  '$$; DROP TABLE z_canary; $$',
  'z_canary',
  '\\',
  "\\'",
  '))))',
  '((((',
  '"',
  '*',
  '%',
  '\u0000',
  'pg_sleep(5)',
  'SELECT 1',
];
const COLUMNS = ['id', 'name', 'n', 'data', 'tags', 'owner_id', 'at', 'nope', 'z_canary', '"id"', 'data->k', 'data->>s', 'data->0'];
const OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'cs',
  'cd',
  'ov',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'sl',
  'adj',
  'isdistinct',
  'eq(any)',
  'fts(english)',
  'nope',
];
const KEYS = [
  'select',
  'order',
  'limit',
  'offset',
  'or',
  'and',
  'not.or',
  'columns',
  'on_conflict',
  'z_owners.name',
  'z_owners.order',
  'z_owners.limit',
  'z_owners',
];

const text = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer().map(String),
  fc.constantFrom('null', 'true', '{a,b}', '{"k":1}', '[1,5)', '(1,2)', '()'),
);
const column = fc.oneof(fc.constantFrom(...COLUMNS), text);
const filterValue = fc.tuple(fc.boolean(), fc.constantFrom(...OPS), text).map(([not, op, v]) => `${not ? 'not.' : ''}${op}.${v}`);
const selectValue = fc
  .array(
    fc.oneof(
      column,
      fc.constantFrom(
        '*',
        'z_owners(*)',
        'z_owners!inner(name)',
        'o:z_owners(id,name)',
        'name::text',
        'x:n::int',
        'z_canary(*)',
        'count()',
        '...z_owners(name)',
      ),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((a) => a.join(','));
const logicValue = fc
  .array(
    fc.tuple(column, filterValue).map(([c, f]) => `${c}.${f}`),
    { minLength: 1, maxLength: 3 },
  )
  .map((a) => `(${a.join(',')})`);
const orderValue = fc
  .array(
    fc.tuple(column, fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.sideways')).map(([c, d]) => c + d),
    { minLength: 1, maxLength: 3 },
  )
  .map((a) => a.join(','));

const pair = fc.oneof(
  fc.tuple(fc.constant('select'), selectValue),
  fc.tuple(fc.constant('order'), orderValue),
  fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'z_owners.or'), logicValue),
  fc.tuple(fc.constantFrom('limit', 'offset', 'z_owners.limit'), fc.oneof(fc.nat(30).map(String), text)),
  fc.tuple(column, filterValue),
  fc.tuple(fc.constantFrom(...KEYS), text),
  fc.tuple(text, text),
);
const query = fc
  .tuple(fc.array(pair, { maxLength: 6 }), fc.boolean())
  .map(([pairs, raw]) =>
    pairs
      .map(([k, v]) =>
        raw ? `${k}=${v}`.replace(/[#&\s%]/g, (c) => encodeURIComponent(c)) : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
      )
      .join('&'),
  );
const headers = fc.record(
  {
    prefer: fc.constantFrom(
      'count=exact',
      'count=planned',
      'count=estimated',
      'return=representation',
      'handling=strict, bogus',
      'resolution=merge-duplicates',
      'missing=default',
    ),
    range: fc.oneof(fc.constantFrom('0-4', '5-', '9-2', 'x', 'items=1-2'), fc.string({ maxLength: 8 })),
    accept: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'text/csv', 'text/html', '*/*'),
  },
  { requiredKeys: [] },
);

// SQL we generate must never show; the caller's own input may be echoed back (as PostgREST does).
const LEAKS = /\bSELECT\b|\bFROM\b|syntax error at or near|pgrst_\w+|json_agg|\$\d+/g;

const decoded = (q: string) => q.split(/[&=]/).map(decodeComponent).join(' ');

async function check(res: Response, sent: string): Promise<void> {
  const body = await res.text();
  expect(res.status, body).toBeLessThan(500);
  if (res.status >= 400 && body) {
    const err = JSON.parse(body) as { code: string; message: string; details: unknown; hint: unknown };
    expect(typeof err.code).toBe('string');
    const said = `${err.message} ${JSON.stringify(err.details)} ${JSON.stringify(err.hint)}`;
    const input = `${sent} ${decoded(sent.split(' ')[0]!)}`;
    for (const m of said.matchAll(LEAKS)) expect(input, `leaked "${m[0]}" in: ${said}`).toContain(m[0]);
  }
}

const counts = async () =>
  (
    await s.db.pool.query<{ c: number; i: number }>(
      'SELECT (SELECT count(*) FROM z_canary)::int AS c, (SELECT count(*) FROM z_items)::int AS i',
    )
  ).rows[0]!;

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  await s.db.pool.query(SCHEMA);
  const engine = dataEngineOf(s.app)!;
  await engine.refresh();
  engine.registry.addRelation({ name: 'z_owners', read: 'database' });
  engine.registry.addRelation({ name: 'z_items', read: 'database', operations: ['insert', 'update', 'delete', 'upsert'] });
});
afterAll(async () => {
  await s?.stop();
});

describe('fuzz', () => {
  it('survives random query strings and headers on reads', async () => {
    await fc.assert(
      fc.asyncProperty(query, headers, fc.constantFrom('z_items', 'z_owners', 'z_canary', 'rpc/z_items'), async (q, h, rel) => {
        await check(await s.request(`/api/db/${rel}?${q}`, { headers: h }), `${rel}?${q} ${JSON.stringify(h)}`);
      }),
      { numRuns: 400 },
    );
    expect(await counts()).toEqual({ c: 2, i: 20 });
  }, 60_000);

  it('survives random bodies and filters on writes without touching anything it must not', async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
      fc
        .array(fc.dictionary(column, fc.oneof(text, fc.integer(), fc.constant(null)), { maxKeys: 3 }), { maxLength: 3 })
        .map((v) => JSON.stringify(v)),
      text,
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PATCH', 'DELETE', 'PUT'), query, body, headers, async (method, q, b, h) => {
        // Inside a filter that matches nothing, or on a fresh row id range: the fixed rows stay as they are.
        const guard = method === 'POST' ? '' : '&id=gt.1000';
        await check(
          await s.request(`/api/db/z_items?${q}${guard}`, { method, headers: { ...h, 'content-type': 'application/json' }, body: b }),
          `${q} ${b} ${JSON.stringify(h)}`,
        );
      }),
      { numRuns: 300 },
    );
    const after = await counts();
    expect(after.c).toBe(2);
    const original = await s.db.pool.query('SELECT count(*)::int AS n FROM z_items WHERE id BETWEEN 1 AND 20');
    expect(original.rows[0].n).toBe(20);
    expect((await s.db.pool.query("SELECT to_regclass('public.z_canary') IS NOT NULL AS ok")).rows[0].ok).toBe(true);
  }, 60_000);
});
