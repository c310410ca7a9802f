// mysql: connects with `mysql2` (a Go-driver DSN as in canary-checker, or a mysql:// URL), runs the
// query (default SELECT 1) and fails when it returns fewer rows than `results`; values are text.
import { RUNNABLE_CHECK_SCHEMAS } from '@ops/shared';
import type { CheckType } from '../check-type.js';
import { errorText, invalid } from '../probe-results.js';
import { resolveConnection } from '../../values/env-vars.js';
import { withLegacyAuth } from './legacy-auth.js';
import { isProbeResult, loadDriver } from './load-driver.js';
import { parseMysqlDsn } from './mysql-dsn.js';
import { queryFailed, rowsResult } from './sql-rows.js';

export const mysqlCheck: CheckType = {
  type: 'mysql',
  schema: RUNNABLE_CHECK_SCHEMAS.mysql,
  endpoint: (spec) => sanitizeMysql(String(spec.url || spec.connection || '')),
  validate: (spec) =>
    spec.url || spec.connection
      ? []
      : [['connection', 'is required (a connection:// reference, a user:pass@tcp(host:port)/db DSN or a mysql:// URL)']],
  async run(spec, ctx) {
    const conn = await resolveConnection(withLegacyAuth(spec), ctx.resolve);
    if (!conn.url) return invalid('no url or connection specified');
    const target = parseMysqlDsn(conn.url);
    if (typeof target === 'string') return invalid(`mysql: ${target}`);
    const driver = await loadDriver('mysql', 'mysql2', () => import('mysql2/promise'));
    if (isProbeResult(driver)) return driver;
    const timeout = Math.max(1, ctx.remainingMs());
    const own = target.user ? {} : { user: conn.username, password: conn.password };
    let connection: Awaited<ReturnType<typeof driver.createConnection>> | undefined;
    const onAbort = () => connection?.destroy();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      connection = await driver.createConnection({
        ...target,
        ...own,
        connectTimeout: timeout,
        typeCast: (field) => field.string(),
        dateStrings: true,
      });
      connection.on('error', () => undefined); // errors surface through query; this only stops a crash
      const [rows] = await connection.query({ sql: String(spec.query || 'SELECT 1'), timeout, rowsAsArray: false });
      return rowsResult(Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [], Number(spec.results ?? 0));
    } catch (err) {
      return queryFailed('mysql', errorText(err));
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      await connection?.end().catch(() => connection?.destroy());
    }
  },
};

/** The endpoint without a password (it is shown and used as a metric label). */
export function sanitizeMysql(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:###@').replace(/^([^:/@()]*):[^@]*@(?=[a-z0-9]*\(|\/)/i, '$1:###@');
}
