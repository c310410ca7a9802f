import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.js';
import { migrate, MigrationChecksumError } from './migrate.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('migration runner', () => {
  it('applies files in order once, records checksums, and refuses a changed applied file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mig-'));
    writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE mig_a (id int);');
    writeFileSync(path.join(dir, '0002_b.sql'), 'INSERT INTO mig_a VALUES (1);');
    writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
    expect((await migrate(pool, dir)).applied).toEqual(['0001_a.sql', '0002_b.sql']);
    expect((await migrate(pool, dir)).applied).toEqual([]);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM mig_a');
    expect(rows[0].n).toBe(1);

    writeFileSync(path.join(dir, '0001_a.sql'), 'CREATE TABLE mig_a (id bigint);');
    await expect(migrate(pool, dir)).rejects.toBeInstanceOf(MigrationChecksumError);
  });

  it('rolls back a failing migration entirely and names it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mig-'));
    writeFileSync(path.join(dir, '0001_bad.sql'), 'CREATE TABLE mig_half (id int); SELECT no_such_function();');
    await expect(migrate(pool, dir)).rejects.toThrow(/0001_bad\.sql failed/);
    const { rows } = await pool.query("SELECT to_regclass('mig_half') AS t");
    expect(rows[0].t).toBeNull();
  });
});
