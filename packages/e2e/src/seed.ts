import type { Db } from './e2e-db.js';

type Row = Record<string, unknown>;

const quote = (ident: string): string => `"${ident.replaceAll('"', '""')}"`;

/**
 * Insert rows into any table of the e2e database in one statement and return them as stored.
 * Values are bound parameters (node-pg sends objects as JSON and arrays as PostgreSQL arrays;
 * pass JSON.stringify(array) for a jsonb array). Rows may name different columns.
 */
export async function seedRows<T extends Row = Row>(db: Db, table: string, rows: Row[]): Promise<T[]> {
  if (rows.length === 0) return [];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const cells = columns.map((c) => {
      if (!(c in row)) return 'DEFAULT';
      values.push(row[c]);
      return `$${values.length}`;
    });
    return `(${cells.join(', ')})`;
  });
  const text = `INSERT INTO ${table.split('.').map(quote).join('.')} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')} RETURNING *`;
  const result = await db.pool.query<T>(text, values);
  return result.rows;
}

export interface JobRun {
  name: string;
  status?: 'RUNNING' | 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED';
  resource_type?: string | null;
  resource_id?: string | null;
  success_count?: number;
  error_count?: number;
  duration_millis?: number | null;
  details?: Record<string, unknown>;
  errors?: string[];
  agent_id?: string | null;
  /** When the run started; defaults to now. */
  created_at?: Date;
}

/** Record job runs (and their names, as the job runner does) for the Jobs History page. */
export async function seedJobHistory(db: Db, runs: JobRun[]): Promise<Array<{ id: string; name: string }>> {
  const names = [...new Set(runs.map((r) => r.name))];
  await db.pool.query('INSERT INTO job_names (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [names]);
  return seedRows(
    db,
    'job_history',
    runs.map(({ created_at = new Date(), status = 'SUCCESS', duration_millis = 1_000, ...run }) => ({
      ...run,
      status,
      duration_millis,
      created_at,
      time_start: created_at,
      time_end: duration_millis === null ? null : new Date(created_at.getTime() + duration_millis),
    })),
  );
}

/** Set a property (feature flag); `source: 'local'` makes it read-only as if from the properties file. */
export async function seedProperty(db: Db, name: string, value: string, source = 'db'): Promise<void> {
  await db.pool.query(
    `INSERT INTO properties (name, value, source) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, source = EXCLUDED.source, updated_at = now()`,
    [name, value, source],
  );
}

/** Remove properties again, so a flag set by one spec does not leak into another. */
export async function deleteProperties(db: Db, names: string[]): Promise<void> {
  await db.pool.query('DELETE FROM properties WHERE name = ANY($1::text[])', [names]);
}
