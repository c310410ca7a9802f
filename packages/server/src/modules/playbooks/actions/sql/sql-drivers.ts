// The three SQL drivers the health checks use (pg, mysql2, mssql), each run as: connect, one query,
// close; aborting the signal closes the connection. Values come back as the driver parses them.
import pg from 'pg';
import { withCredentials } from '@ops/shared';
import { parseMssqlConnection, parseMysqlDsn } from '../../../health/index.js';
import { ActionError } from '../action-failure.js';

export type SqlDriver = 'postgres' | 'mysql' | 'sqlserver';

export interface SqlTarget {
  url: string;
  username?: string;
  password?: string;
}

type Rows = Record<string, unknown>[];

/** Runs `query` on the target with the driver; rejects with the driver's error. */
export function runSql(driver: SqlDriver, target: SqlTarget, query: string, signal: AbortSignal): Promise<Rows> {
  if (driver === 'postgres') return postgres(target, query, signal);
  if (driver === 'mysql') return mysql(target, query, signal);
  return sqlserver(target, query, signal);
}

async function postgres(target: SqlTarget, query: string, signal: AbortSignal): Promise<Rows> {
  const client = new pg.Client({
    connectionString: withCredentials(target.url, target.username, target.password),
    application_name: 'ops-console playbook',
  });
  client.on('error', () => undefined); // errors surface through connect/query; this only stops a crash
  const onAbort = () => void client.end().catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await client.connect();
    const res = await client.query(query);
    // A multi-statement query answers a list; the last statement's rows are the result.
    const last = Array.isArray(res) ? (res as pg.QueryResult[]).at(-1) : res;
    return (last?.rows ?? []) as Rows;
  } finally {
    signal.removeEventListener('abort', onAbort);
    await client.end().catch(() => undefined);
  }
}

async function mysql(target: SqlTarget, query: string, signal: AbortSignal): Promise<Rows> {
  const parsed = parseMysqlDsn(target.url);
  if (typeof parsed === 'string') throw new ActionError(`sql.connection: ${parsed}`);
  const driver = await import('mysql2/promise');
  const own = parsed.user ? {} : { user: target.username, password: target.password };
  const connection = await driver.createConnection({ ...parsed, ...own, dateStrings: true });
  connection.on('error', () => undefined);
  const onAbort = () => connection.destroy();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const [rows] = await connection.query({ sql: query, rowsAsArray: false });
    return Array.isArray(rows) ? (rows as Rows) : [];
  } finally {
    signal.removeEventListener('abort', onAbort);
    await connection.end().catch(() => connection.destroy());
  }
}

async function sqlserver(target: SqlTarget, query: string, signal: AbortSignal): Promise<Rows> {
  const parsed = parseMssqlConnection(target.url);
  if (typeof parsed === 'string') throw new ActionError(`sql.connection: ${parsed}`);
  const driver = (await import('mssql')).default;
  const { encrypt, trustServerCertificate, instanceName, ...rest } = parsed;
  const pool = new driver.ConnectionPool({
    ...rest,
    ...(parsed.user ? {} : { user: target.username, password: target.password }),
    pool: { min: 0, max: 1 },
    options: { encrypt, trustServerCertificate, ...(instanceName ? { instanceName } : {}), appName: 'ops-console playbook' },
  });
  pool.on('error', () => undefined);
  const onAbort = () => void pool.close().catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await pool.connect();
    const res = await pool.request().query<Record<string, unknown>>(query);
    return (res.recordset ?? []) as Rows;
  } finally {
    signal.removeEventListener('abort', onAbort);
    await pool.close().catch(() => undefined);
  }
}
