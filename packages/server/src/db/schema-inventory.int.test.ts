// docs/schema.md is the database as the migrations leave it. A migration that adds, drops or redefines a table,
// view, trigger or function without regenerating the file fails here, and so does a trigger without a purpose
// note or a note citing an ADR that does not exist.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.js';
import { OUT_OF_DATE, renderSchemaDoc, SCHEMA_DOC } from '../test/schema-doc.js';
import { readSchemaInventory } from './schema-inventory.js';
import { MIGRATIONS_DIR } from './migrate.js';

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

describe('docs/schema.md', () => {
  it('matches the inventory of a freshly migrated database', async () => {
    const { markdown, problems } = await renderSchemaDoc(pool);
    expect(problems.triggersWithoutNote, 'triggers without a purpose note in docs/schema-notes.json').toEqual([]);
    expect(problems.unknownAdrs, 'notes citing an ADR that docs/adr does not have').toEqual([]);
    const committed = readFileSync(SCHEMA_DOC, 'utf8');
    if (committed !== markdown) expect.fail(OUT_OF_DATE);
  });

  it('lists what the migrations define and leaves out the dated partitions', async () => {
    const inv = await readSchemaInventory(pool, MIGRATIONS_DIR);
    expect(inv.tables.map((t) => t.name)).toContain('check_statuses');
    const partitions = await pool.query<{ name: string }>(
      `SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'check_statuses'::regclass`,
    );
    expect(partitions.rows.length).toBeGreaterThan(0);
    for (const p of partitions.rows) expect(inv.tables.map((t) => t.name)).not.toContain(p.name);
    const statuses = inv.tables.find((t) => t.name === 'check_statuses');
    expect(statuses?.partitionKey).toBe('RANGE ("time")');
    expect(inv.triggers.find((t) => t.name === 'config_items_keep_last_seen')).toMatchObject({
      table: 'config_items',
      timing: 'BEFORE',
      events: 'UPDATE OF deleted_at',
      level: 'ROW',
      function: 'config_items_keep_last_seen',
    });
    // pgcrypto's functions belong to the extension, not to us.
    expect(inv.functions.some((f) => f.name === 'gen_random_uuid' || f.name === 'crypt')).toBe(false);
    expect(inv.functions.find((f) => f.name === 'config_changes_count_update')?.migrations).toEqual(['0004', '0008', '0011', '0014']);
  });
});
