// mssql: connects with the `mssql` package (tedious), using go-mssqldb's connection strings as in
// canary-checker, runs the query (default SELECT 1) and fails when fewer rows than `results` return.
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, invalid } from '../probe-results.js';
import { resolveConnection } from '../../values/env-vars.js';
import { withLegacyAuth } from './legacy-auth.js';
import { isProbeResult, loadDriver } from './load-driver.js';
import { parseMssqlConnection } from './mssql-connection.js';
import { queryFailed, rowsResult, sqlText } from './sql-rows.js';

export const mssqlCheck: CheckType = {
  type: 'mssql',
  schema: RUNNABLE_CHECK_SCHEMAS.mssql,
  endpoint: (spec) => sanitizeMssql(String(spec.url || spec.connection || '')),
  validate: (spec) =>
    spec.url || spec.connection
      ? []
      : [['connection', 'is required (a connection:// reference, server=…;user id=…;password=… or a sqlserver:// URL)']],
  async run(spec, ctx) {
    const conn = await resolveConnection(withLegacyAuth(spec), ctx.resolve);
    if (!conn.url) return invalid('no url or connection specified');
    const target = parseMssqlConnection(conn.url);
    if (typeof target === 'string') return invalid(`mssql: ${target}`);
    const driver = await loadDriver('mssql', 'mssql', async () => (await import('mssql')).default);
    if (isProbeResult(driver)) return driver;
    const timeout = Math.max(1, ctx.remainingMs());
    const { encrypt, trustServerCertificate, instanceName, ...rest } = target;
    const pool = new driver.ConnectionPool({
      ...rest,
      ...(target.user ? {} : { user: conn.username, password: conn.password }),
      connectionTimeout: timeout,
      requestTimeout: timeout,
      pool: { min: 0, max: 1 },
      options: { encrypt, trustServerCertificate, ...(instanceName ? { instanceName } : {}), appName: 'ops-console health check' },
    });
    pool.on('error', () => undefined); // errors surface through connect/query; this only stops a crash
    const onAbort = () => void pool.close().catch(() => undefined);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      await pool.connect();
      const res = await pool.request().query<Record<string, unknown>>(String(spec.query || 'SELECT 1'));
      const rows = (res.recordset ?? []).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, sqlText(v)])));
      return rowsResult(rows, Number(spec.results ?? 0));
    } catch (err) {
      return queryFailed('mssql', mssqlErrorText(err));
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      await pool.close().catch(() => undefined);
    }
  },
};

/** The endpoint without a password (it is shown and used as a metric label). */
export function sanitizeMssql(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:###@').replace(/\b(password|pwd)\s*=[^;]*/gi, '$1=###');
}

/** tedious tries each address in turn and reports "Could not connect (sequence)"; name the real causes. */
function mssqlErrorText(err: unknown): string {
  const text = errorText(err);
  const cause = (err as { originalError?: { cause?: unknown } }).originalError?.cause;
  if (!(cause instanceof AggregateError) || cause.errors.length === 0) return text;
  return text.replace(cause.message, errorText(cause));
}
