// Two transactions that lock the same rows in opposite orders: PostgreSQL aborts one to break the
// deadlock, and retriedTransaction runs it again, so both commit.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.js';
import { createDb, type Db } from './pool.js';
import { retriedTransaction } from './retried-transaction.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  db = createDb(database.url, 4);
  await sql`CREATE TABLE locks_demo (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)`.execute(db.kysely);
  await sql`INSERT INTO locks_demo (id) VALUES (1), (2)`.execute(db.kysely);
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('retriedTransaction', () => {
  it('runs the transaction that lost a deadlock again, so both writers commit', async () => {
    let attempts = 0;
    let bothHoldFirst!: () => void;
    const barrier = new Promise<void>((r) => (bothHoldFirst = r));
    let holding = 0;
    const writer = (first: number, second: number) =>
      retriedTransaction(db.kysely, async (trx) => {
        attempts++;
        await sql`UPDATE locks_demo SET n = n + 1 WHERE id = ${first}`.execute(trx);
        if (++holding === 2) bothHoldFirst();
        await Promise.race([barrier, new Promise((r) => setTimeout(r, 2_000))]);
        await sql`UPDATE locks_demo SET n = n + 1 WHERE id = ${second}`.execute(trx);
      });
    await Promise.all([writer(1, 2), writer(2, 1)]);
    expect(attempts).toBe(3);
    const { rows } = await sql<{ n: number }>`SELECT n FROM locks_demo ORDER BY id`.execute(db.kysely);
    expect(rows.map((r) => r.n)).toEqual([2, 2]);
  });

  it('does not run again on other errors', async () => {
    let attempts = 0;
    await expect(
      retriedTransaction(db.kysely, async (trx) => {
        attempts++;
        await sql`SELECT 1/0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(attempts).toBe(1);
  });
});
