// postgres: connects with `pg`, runs the query (default SELECT 1) and fails when it returns fewer
// rows than `results`. Rows reach expressions as `results.rows` with every value as text, like Go's
// database/sql scan into NullString.
import pg from 'pg';
import { RUNNABLE_CHECK_SCHEMAS, withCredentials } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, failed, invalid, passed } from '../probe-results.js';
import { resolveConnection } from '../../values/env-vars.js';

/** Every column as its text form (or null). */
const TEXT_TYPES = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;
const MAX_ROWS = 10_000;

export const postgresCheck: CheckType = {
  type: 'postgres',
  schema: RUNNABLE_CHECK_SCHEMAS.postgres,
  endpoint: (spec) => sanitize(String(spec.url || spec.connection || '')),
  validate: (spec) => (spec.url || spec.connection ? [] : [['connection', 'is required (a connection:// reference or a postgres:// URL)']]),
  async run(spec, ctx) {
    const conn = await resolveConnection(spec, ctx.resolve);
    if (!conn.url) return invalid('no url or connection specified');
    const query = String(spec.query || 'SELECT 1');
    const timeout = Math.max(1, ctx.remainingMs());
    const client = new pg.Client({
      connectionString: withCredentials(conn.url, conn.username, conn.password),
      connectionTimeoutMillis: timeout,
      statement_timeout: timeout,
      query_timeout: timeout,
      types: TEXT_TYPES,
      application_name: 'ops-console health check',
    });
    const onAbort = () => void client.end().catch(() => undefined);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    client.on('error', () => undefined); // errors surface through connect/query; this only stops a crash
    try {
      await client.connect();
      const res = await client.query(query);
      const rows = (res.rows as Record<string, unknown>[]).slice(0, MAX_ROWS);
      const detail = { rows, count: res.rows.length };
      const expected = Number(spec.results ?? 0);
      if (detail.count < expected) return failed(`Query returned ${detail.count} rows, expected ${expected}`, { detail });
      return passed({}, { detail, message: `${detail.count} rows` });
    } catch (err) {
      return failed(`postgres: ${errorText(err)}`, { detail: { rows: [], count: 0 } });
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      await client.end().catch(() => undefined);
    }
  },
};

/** The endpoint without a password (it is shown and used as a metric label). */
function sanitize(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:###@').replace(/password=[^;\s]*/gi, 'password=###');
}
