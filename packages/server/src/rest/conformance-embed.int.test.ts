import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataEngineOf } from '../modules/data/data.routes.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

// Conformance of resource embedding: to-one, to-many, one-to-one, many-to-many, self references, views,
// hints, !inner, embedded filters/order/limit, null filters on embeds, and their errors.
let s: TestServer;
type Row = Record<string, unknown>;

const SCHEMA = `
CREATE TABLE e_authors (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE e_books (id int PRIMARY KEY, title text NOT NULL, author_id int REFERENCES e_authors(id), editor_id int REFERENCES e_authors(id), year int);
CREATE TABLE e_reviews (id int PRIMARY KEY, book_id int NOT NULL REFERENCES e_books(id), stars int NOT NULL);
CREATE TABLE e_covers (book_id int PRIMARY KEY REFERENCES e_books(id), color text);
CREATE TABLE e_tags (id int PRIMARY KEY, label text NOT NULL);
CREATE TABLE e_book_tags (book_id int REFERENCES e_books(id), tag_id int REFERENCES e_tags(id), PRIMARY KEY (book_id, tag_id));
CREATE TABLE e_secrets (id int PRIMARY KEY, book_id int REFERENCES e_books(id), note text);
CREATE TABLE e_unregistered (id int PRIMARY KEY, book_id int REFERENCES e_books(id));
CREATE TABLE e_nodes (id int PRIMARY KEY, parent_id int REFERENCES e_nodes(id), name text);
CREATE VIEW e_book_list AS SELECT b.id, b.title, b.author_id, a.name AS author_name FROM e_books b LEFT JOIN e_authors a ON a.id = b.author_id;
INSERT INTO e_authors VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cyd');
INSERT INTO e_books VALUES (10, 'Alpha', 1, 2, 2001), (11, 'Beta', 1, NULL, 2005), (12, 'Gamma', 2, 1, 2010), (13, 'Delta', NULL, NULL, 2020);
INSERT INTO e_reviews VALUES (100, 10, 5), (101, 10, 3), (102, 12, 4);
INSERT INTO e_covers VALUES (10, 'red'), (12, 'blue');
INSERT INTO e_tags VALUES (1, 'sf'), (2, 'classic');
INSERT INTO e_book_tags VALUES (10, 1), (10, 2), (11, 2);
INSERT INTO e_secrets VALUES (1, 10, 'x');
INSERT INTO e_nodes VALUES (1, NULL, 'root'), (2, 1, 'a'), (3, 1, 'b'), (4, 2, 'a1');`;

const get = <T = Row[]>(path: string, as: 'admin' | 'viewer' = 'admin', headers: Record<string, string> = {}) =>
  s.json<T>(`/api/db/${path}`, { as, headers });

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  await s.db.pool.query(SCHEMA);
  const engine = dataEngineOf(s.app)!;
  await engine.refresh();
  for (const name of ['e_authors', 'e_books', 'e_reviews', 'e_covers', 'e_tags', 'e_book_tags', 'e_nodes', 'e_book_list']) {
    engine.registry.addRelation({ name, read: 'database' });
  }
  engine.registry.addRelation({ name: 'e_secrets', read: 'connections' });
});
afterAll(async () => {
  await s?.stop();
});

describe('embedding', () => {
  it('embeds to-one (object or null) by hint, and to-many (array, empty when none)', async () => {
    const r = await get('e_books?select=title,author:e_authors!author_id(name),e_reviews(stars)&order=id');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { title: 'Alpha', author: { name: 'Ann' }, e_reviews: [{ stars: 5 }, { stars: 3 }] },
      { title: 'Beta', author: { name: 'Ann' }, e_reviews: [] },
      { title: 'Gamma', author: { name: 'Bob' }, e_reviews: [{ stars: 4 }] },
      { title: 'Delta', author: null, e_reviews: [] },
    ]);
  });

  it('embeds by FK column name and by constraint name, and one-to-one as an object', async () => {
    const r = await get('e_books?select=id,editor_id(name),e_books_author_id_fkey(name),e_covers(color)&id=in.(10,11)&order=id');
    expect(r.body).toEqual([
      { id: 10, editor_id: { name: 'Bob' }, e_books_author_id_fkey: { name: 'Ann' }, e_covers: { color: 'red' } },
      { id: 11, editor_id: null, e_books_author_id_fkey: { name: 'Ann' }, e_covers: null },
    ]);
    const back = await get('e_covers?select=color,e_books(title)&order=book_id');
    expect(back.body).toEqual([
      { color: 'red', e_books: { title: 'Alpha' } },
      { color: 'blue', e_books: { title: 'Gamma' } },
    ]);
  });

  it('embeds many-to-many through a junction table and nests embeds', async () => {
    const r = await get('e_authors?select=name,books:e_books!author_id(title,e_tags(label))&id=eq.1');
    expect(r.body).toEqual([
      {
        name: 'Ann',
        books: [
          { title: 'Alpha', e_tags: [{ label: 'sf' }, { label: 'classic' }] },
          { title: 'Beta', e_tags: [{ label: 'classic' }] },
        ],
      },
    ]);
  });

  it('embeds self references: parent by column, children by table name', async () => {
    const r = await get('e_nodes?select=name,parent_id(name),children:e_nodes(name)&id=in.(1,2)&order=id&children.order=name');
    expect(r.body).toEqual([
      { name: 'root', parent_id: null, children: [{ name: 'a' }, { name: 'b' }] },
      { name: 'a', parent_id: { name: 'root' }, children: [{ name: 'a1' }] },
    ]);
  });

  it('embeds through views using the base tables foreign keys', async () => {
    const r = await get('e_book_list?select=title,author_name,e_authors(id),e_reviews(stars)&id=eq.12');
    expect(r.body).toEqual([{ title: 'Gamma', author_name: 'Bob', e_authors: { id: 2 }, e_reviews: [{ stars: 4 }] }]);
  });

  it('filters, orders and limits embedded rows without filtering parents', async () => {
    const r = await get('e_books?select=id,e_reviews(stars)&e_reviews.stars=gte.4&e_reviews.order=stars.desc&order=id&limit=2');
    expect(r.body).toEqual([
      { id: 10, e_reviews: [{ stars: 5 }] },
      { id: 11, e_reviews: [] },
    ]);
    const lim = await get('e_books?select=id,e_reviews(id)&e_reviews.order=id.desc&e_reviews.limit=1&e_reviews.offset=1&id=eq.10');
    expect(lim.body).toEqual([{ id: 10, e_reviews: [{ id: 100 }] }]);
    const logic = await get('e_books?select=id,e_reviews(id)&e_reviews.or=(stars.eq.3,stars.eq.4)&order=id&id=in.(10,12)');
    expect(logic.body).toEqual([
      { id: 10, e_reviews: [{ id: 101 }] },
      { id: 12, e_reviews: [{ id: 102 }] },
    ]);
  });

  it('filters parents with !inner, with embed=not.is.null / is.null, and with empty embeds', async () => {
    const inner = await get('e_books?select=id,e_reviews!inner(stars)&e_reviews.stars=eq.4', 'admin', { prefer: 'count=exact' });
    expect(inner.body).toEqual([{ id: 12, e_reviews: [{ stars: 4 }] }]);
    expect(inner.headers.get('content-range')).toBe('0-0/1');
    const notNull = await get('e_books?select=id,e_covers(color)&e_covers=not.is.null&order=id');
    expect(notNull.body.map((b) => b.id)).toEqual([10, 12]);
    const isNull = await get('e_books?select=id,e_reviews(id)&e_reviews=is.null&order=id');
    expect(isNull.body.map((b) => b.id)).toEqual([11, 13]);
    const empty = await get('e_books?select=id,e_tags!inner()&e_tags.label=eq.sf');
    expect(empty.body).toEqual([{ id: 10 }]);
    const left = await get('e_books?select=id,e_covers!left(color)&order=id&limit=2');
    expect(left.body).toEqual([
      { id: 10, e_covers: { color: 'red' } },
      { id: 11, e_covers: null },
    ]);
  });

  it('orders parents by a to-one embed column', async () => {
    const r = await get('e_books?select=id,author:e_authors!author_id(name)&order=author(name).desc.nullslast,id');
    expect(r.body.map((b) => b.id)).toEqual([12, 10, 11, 13]);
  });
});

describe('embedding errors', () => {
  it('answers 300 (PGRST201) for ambiguous embeds with the candidates', async () => {
    const r = await get<Row>('e_books?select=e_authors(name)');
    expect(r.status).toBe(300);
    expect(r.body).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'e_books' and 'e_authors'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'e_books with e_authors',
          relationship: 'e_books_author_id_fkey using e_books(author_id) and e_authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'e_books with e_authors',
          relationship: 'e_books_editor_id_fkey using e_books(editor_id) and e_authors(id)',
        },
      ],
      hint: "Try changing 'e_authors' to one of the following: 'e_authors!e_books_author_id_fkey', 'e_authors!e_books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('answers 400 (PGRST200) when no relationship exists, also to unregistered tables', async () => {
    for (const target of ['e_tagz', 'e_unregistered']) {
      const r = await get<Row>(`e_books?select=id,${target}(*)`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        code: 'PGRST200',
        message: `Could not find a relationship between 'e_books' and '${target}' in the schema cache`,
        details: `Searched for a foreign key relationship between 'e_books' and '${target}' in the schema 'public', but no matches were found.`,
      });
    }
    expect((await get<Row>('e_books?select=id,e_tagz(*)')).body.hint).toBe("Perhaps you meant 'e_tags' instead of 'e_tagz'.");
    const hinted = await get<Row>('e_books?select=e_authors!nope(name)');
    expect(hinted.body.details).toContain("using the hint 'nope'");
  });

  it('needs read permission on every embedded relation', async () => {
    const r = await get<Row>('e_books?select=id,e_secrets(note)', 'viewer');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: '42501', message: 'permission denied for e_secrets' });
    expect((await get('e_books?select=id,e_secrets(note)&id=eq.10')).body).toEqual([{ id: 10, e_secrets: [{ note: 'x' }] }]);
  });

  it('rejects filters and orders on embeds that are not selected or not to-one', async () => {
    const r = await get<Row>('e_books?select=id&e_reviews.stars=eq.5');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'PGRST108',
      message: "'e_reviews' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'e_reviews' is included in the 'select' query parameter.",
    });
    const order = await get<Row>('e_books?select=id,e_reviews(stars)&order=e_reviews(stars)');
    expect(order.status).toBe(400);
    expect(order.body).toMatchObject({ code: 'PGRST118', message: "A related order on 'e_reviews' is not possible" });
    const op = await get<Row>('e_books?select=id,e_reviews(stars)&e_reviews=eq.1');
    expect(op.body).toMatchObject({ code: 'PGRST120', message: "Bad operator on the 'e_reviews' embedded resource" });
    const col = await get<Row>('e_books?select=id,e_reviews(nope)');
    expect(col.body).toMatchObject({ code: '42703', message: 'column e_reviews.nope does not exist' });
  });
});
