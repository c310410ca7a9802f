import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * A pool, a client inside a transaction, or a Kysely connection (see `fromKysely`): the persistence layer
 * sends plain SQL with bound parameters.
 */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** Plain SQL over a Kysely instance or transaction (the apply path hands one over). */
export function fromKysely<DB>(db: Kysely<DB>): Queryable {
  return {
    async query<R extends pg.QueryResultRow>(text: string, params: unknown[] = []) {
      const res = await db.executeQuery<R>(CompiledQuery.raw(text, params));
      return { rows: [...res.rows], rowCount: res.numAffectedRows === undefined ? res.rows.length : Number(res.numAffectedRows) };
    },
  };
}

/** Run `body` in one transaction on a client of `pool` (rolled back when it throws). */
export async function inTransaction<T>(pool: pg.Pool, body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const out = await body(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Split a list into chunks of `size` (bulk statements stay a few megabytes each). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
