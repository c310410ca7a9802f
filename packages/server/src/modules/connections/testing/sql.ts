// PostgreSQL, MySQL/MariaDB and SQL Server: connect with the drivers the health checks use, on the
// URL forms those checks read, and run `select 1`. The connection's username and password apply
// when the URL names no user of its own.
import pg from 'pg';
import { parseMssqlConnection, parseMysqlDsn } from '../../health/index.js';
import {
  causeText,
  expandCredentials,
  hasUserInfo,
  requireUrl,
  safeUrl,
  type ConnectionTester,
  type DecryptedConnection,
} from './types.js';

/** The URL with the connection's username and password in it, unless it names a user of its own. */
function postgresUrl(c: DecryptedConnection): string {
  const text = expandCredentials(requireUrl(c), c);
  if (!/^postgres(ql)?:\/\//i.test(text)) throw new Error('postgres: the url is not a postgres:// URL');
  if (!c.username || hasUserInfo(text)) return text;
  // pg lets the URL's (empty) user override a separate `user` option, so the credentials go into the URL.
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`postgres: "${safeUrl(text)}" is not a valid URL`);
  }
  url.username = encodeURIComponent(c.username);
  url.password = encodeURIComponent(c.password ?? '');
  return url.toString();
}

export const testPostgres: ConnectionTester = async (c, opts) => {
  const client = new pg.Client({
    connectionString: postgresUrl(c),
    connectionTimeoutMillis: opts.timeoutMs,
    query_timeout: opts.timeoutMs,
    application_name: 'ops-console connection test',
  });
  client.on('error', () => undefined); // errors surface through connect/query; this only stops a crash
  const onAbort = () => void client.end().catch(() => undefined);
  opts.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw new Error(`postgres: ${causeText(err)}`);
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => undefined);
  }
};

export const testMysql: ConnectionTester = async (c, opts) => {
  const target = parseMysqlDsn(expandCredentials(requireUrl(c), c));
  if (typeof target === 'string') throw new Error(`mysql: ${target}`);
  const mysql = await import('mysql2/promise');
  const credentials = target.user ? {} : { user: c.username ?? '', password: c.password ?? '' };
  const ssl = c.insecure_tls && target.ssl ? { ssl: { rejectUnauthorized: false } } : {};
  let connection: Awaited<ReturnType<typeof mysql.createConnection>> | undefined;
  const onAbort = () => connection?.destroy();
  opts.signal.addEventListener('abort', onAbort, { once: true });
  try {
    connection = await mysql.createConnection({ ...target, ...credentials, ...ssl, connectTimeout: opts.timeoutMs });
    connection.on('error', () => undefined); // errors surface through query; this only stops a crash
    await connection.query({ sql: 'select 1', timeout: opts.timeoutMs });
  } catch (err) {
    throw new Error(`mysql: ${causeText(err)}`);
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    await connection?.end().catch(() => connection?.destroy());
  }
};

export const testSqlServer: ConnectionTester = async (c, opts) => {
  const target = parseMssqlConnection(expandCredentials(requireUrl(c), c));
  if (typeof target === 'string') throw new Error(`sql server: ${target}`);
  const mssql = (await import('mssql')).default;
  const { encrypt, trustServerCertificate, instanceName, ...rest } = target;
  const pool = new mssql.ConnectionPool({
    ...rest,
    ...(target.user ? {} : { user: c.username ?? '', password: c.password ?? '' }),
    connectionTimeout: opts.timeoutMs,
    requestTimeout: opts.timeoutMs,
    pool: { min: 0, max: 1 },
    options: {
      encrypt,
      trustServerCertificate: trustServerCertificate || c.insecure_tls,
      ...(instanceName ? { instanceName } : {}),
      appName: 'ops-console connection test',
    },
  });
  pool.on('error', () => undefined); // errors surface through connect/query; this only stops a crash
  const onAbort = () => void pool.close().catch(() => undefined);
  opts.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await pool.connect();
    await pool.request().query('select 1');
  } catch (err) {
    // tedious reports "Could not connect (sequence)" over the real causes of each address tried.
    const cause = (err as { originalError?: { cause?: unknown } }).originalError?.cause;
    throw new Error(`sql server: ${cause instanceof AggregateError ? causeText(cause) : causeText(err)}`);
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    await pool.close().catch(() => undefined);
  }
};
