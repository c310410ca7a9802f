// sql: one query (rendered) on a connection (a stored connection or a URL) with the driver the action
// names or the connection's type implies (postgres, mysql, sqlserver). Result {rows, count}.
import { z } from 'zod';
import { actionConnection } from '../action-connection.js';
import { ActionError, errorMessage, parseBlock } from '../action-failure.js';
import type { ActionContext, ActionRunner } from '../types.js';
import { runSql, type SqlDriver, type SqlTarget } from './sql-drivers.js';

/** Rows kept in a result; the count says how many there were. */
export const SQL_MAX_ROWS = 10_000;

const sqlSchema = z.object({
  connection: z.string().optional(),
  url: z.string().optional(),
  query: z.string({ error: 'is required' }).min(1, 'is required'),
  driver: z.string().optional(),
});

const DRIVERS: Record<string, SqlDriver> = {
  postgres: 'postgres',
  postgresql: 'postgres',
  pgx: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
  sqlserver: 'sqlserver',
  mssql: 'sqlserver',
};

/** Runs the query; see the file comment. */
export const sqlAction: ActionRunner = async (block, actx) => {
  const spec = parseBlock(sqlSchema, block, 'sql');
  const ref = spec.connection?.trim() ? spec.connection : spec.url;
  if (!ref?.trim()) throw new ActionError('sql.connection: is required (a connection or a url)');
  const { target, type } = await targetOf(actx.render(ref).trim(), actx);
  const driver = driverOf(spec.driver, type, target.url);
  const query = actx.render(spec.query);
  let rows;
  try {
    rows = await runSql(driver, target, query, actx.signal);
  } catch (err) {
    if (err instanceof ActionError) throw err;
    throw new ActionError(`sql: ${errorMessage(err)}`);
  }
  return { status: 'completed', result: { rows: rows.slice(0, SQL_MAX_ROWS), count: rows.length } };
};

async function targetOf(ref: string, actx: ActionContext): Promise<{ target: SqlTarget; type?: string }> {
  // A URL or DSN written in place; anything else names a stored connection.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref) && !ref.startsWith('connection://')) return { target: { url: ref } };
  if (/[=@(]/.test(ref) && !ref.startsWith('connection://')) return { target: { url: ref } };
  const c = await actionConnection(actx, ref, 'sql.connection');
  if (!c.url) throw new ActionError(`sql.connection: connection ${c.namespace}/${c.name} has no URL`);
  return { target: { url: c.url, username: c.username, password: c.password }, type: c.type };
}

function driverOf(named: string | undefined, type: string | undefined, url: string): SqlDriver {
  if (named) {
    const d = DRIVERS[named.toLowerCase()];
    if (!d) throw new ActionError(`sql.driver: "${named}" is not supported (use postgres, mysql or sqlserver)`);
    return d;
  }
  const byType = type ? DRIVERS[type.toLowerCase()] : undefined;
  if (byType) return byType;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  const byScheme = scheme ? DRIVERS[scheme] : undefined;
  if (byScheme) return byScheme;
  if (/\btcp\(/i.test(url)) return 'mysql';
  if (/\bserver\s*=/i.test(url)) return 'sqlserver';
  throw new ActionError('sql.driver: is required when the connection does not say which database it is');
}
