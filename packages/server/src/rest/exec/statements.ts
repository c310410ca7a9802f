import { createHash } from 'node:crypto';
import type pg from 'pg';

// Statement texts repeat (values are parameters), so the common shapes are prepared once per connection:
// PostgreSQL then skips parsing and, for simple lookups, planning. Bounded so odd one-off shapes stay unnamed.
const MAX_PREPARED = 512;
const MAX_SEEN = 4096;
const prepared = new Map<string, string>();
const seen = new Map<string, number>();

/** A stable name for a statement text once it has been seen twice; undefined means run it unnamed. */
export function statementName(text: string): string | undefined {
  const known = prepared.get(text);
  if (known) return known;
  const n = (seen.get(text) ?? 0) + 1;
  if (n >= 2 && prepared.size < MAX_PREPARED) {
    const name = `ops_rest_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    prepared.set(text, name);
    seen.delete(text);
    return name;
  }
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(text, n);
  return undefined;
}

/** Run a generated statement, prepared when its text is a repeat; rows as arrays unless told otherwise. */
export function runStatement(
  db: pg.Pool | pg.PoolClient,
  text: string,
  values: unknown[],
  opts: { types?: pg.CustomTypesConfig; rowMode?: 'array' } = { rowMode: 'array' },
): Promise<pg.QueryResult> {
  const name = statementName(text);
  return db.query({ text, values, ...(name ? { name } : {}), ...opts } as pg.QueryConfig);
}
