// packages/shared/src/db/rows.generated.ts is the row types of the /api/db relations as the migrations leave them.
// A migration or a registry change that alters a registered relation's columns without regenerating the file
// fails here.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATIONS, RPC_FUNCTIONS } from '../modules/relations.js';
import { createTestDatabase } from '../test/test-db.js';
import { renderDbRowTypes, ROWS_FILE, ROWS_OUT_OF_DATE } from '../test/db-row-types.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 1 });
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('packages/shared/src/db/rows.generated.ts', () => {
  it('matches the registered relations of a freshly migrated database', async () => {
    const source = await renderDbRowTypes(pool, { relations: RELATIONS, functions: RPC_FUNCTIONS });
    const committed = readFileSync(ROWS_FILE, 'utf8');
    if (committed !== source) expect.fail(ROWS_OUT_OF_DATE);
  });

  it('types columns as the JSON carries them and proves view columns non-null only through plain references', async () => {
    await pool.query(`
      CREATE TABLE t_parent (id uuid PRIMARY KEY, n int8 NOT NULL, tags text[] NOT NULL, doc jsonb, at timestamptz);
      CREATE TABLE t_child (id uuid PRIMARY KEY, parent_id uuid REFERENCES t_parent, label text NOT NULL, secret text);
      CREATE VIEW t_joined AS
        SELECT p.id, p.n, c.label, p.n + 1 AS computed FROM t_parent p LEFT JOIN t_child c ON c.parent_id = p.id;
      CREATE VIEW t_unioned AS SELECT id FROM t_parent UNION ALL SELECT id FROM t_child;`);
    try {
      const source = await renderDbRowTypes(pool, {
        relations: [
          { name: 't_parent', read: 'database' },
          { name: 't_child', read: 'database', hidden: ['secret'] },
          { name: 't_joined', read: 'database' },
          { name: 't_unioned', read: 'database' },
        ],
        functions: [],
      });
      const block = (name: string) =>
        source
          .match(new RegExp(`\\n  ${name}: \\{\\n([^}]*)\\n  \\};`))?.[1]
          ?.replace(/\s+/g, ' ')
          .trim();
      expect(block('t_parent')).toBe('id: string; n: number; tags: string[]; doc: unknown; at: string | null;');
      expect(block('t_child')).toBe('id: string; parent_id: string | null; label: string;');
      expect(block('t_joined')).toBe('id: string; n: number; label: string | null; computed: number | null;');
      expect(block('t_unioned')).toBe('id: string | null;');
    } finally {
      await pool.query('DROP VIEW t_joined, t_unioned; DROP TABLE t_child, t_parent');
    }
  });
});
