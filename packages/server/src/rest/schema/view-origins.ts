import type pg from 'pg';
import { VIEWS_SQL } from './queries.js';

/** Base column a view column comes from: relation oid and attribute number. */
export interface Origin {
  oid: number;
  num: number;
}

/**
 * For each view, which base-table column each of its columns is a plain reference to. PostgreSQL reports
 * exactly this in a query's row description (table OID and attribute number), so we plan each view's
 * definition with LIMIT 0 and read it back: nothing executes, and the answer is the planner's own.
 */
export async function viewOrigins(client: pg.ClientBase, schema: string): Promise<Map<number, (Origin | undefined)[]>> {
  const out = new Map<number, (Origin | undefined)[]>();
  const { rows } = await client.query<{ oid: number; name: string; def: string | null }>(VIEWS_SQL, [schema]);
  for (const v of rows) {
    if (!v.def) continue;
    const body = v.def.trim().replace(/;\s*$/, '');
    try {
      await client.query('SAVEPOINT pgrst_view');
      const res = await client.query({ text: `SELECT * FROM (${body}) AS pgrst_v LIMIT 0`, rowMode: 'array' });
      await client.query('RELEASE SAVEPOINT pgrst_view');
      out.set(
        Number(v.oid),
        res.fields.map((f) => (f.tableID ? { oid: f.tableID, num: f.columnID } : undefined)),
      );
    } catch {
      // A view we cannot re-plan simply gets no derived relationships.
      await client.query('ROLLBACK TO SAVEPOINT pgrst_view');
    }
  }
  return out;
}
