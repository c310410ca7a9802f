// Telling an error PostgreSQL sent (it carries a SQLSTATE and a severity) from any other error.

/** The fields of a PostgreSQL error (as node-postgres reports it) that callers read. */
export interface PgLikeError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  severity: string;
}

/** True for an error PostgreSQL sent, not one raised in this process (a socket error has a code but no severity). */
export const isPgError = (e: unknown): e is PgLikeError =>
  typeof e === 'object' && e !== null && typeof (e as PgLikeError).code === 'string' && typeof (e as PgLikeError).severity === 'string';

// Set by pool.ts on errors of connecting to the database (refused, reset, unresolvable host, ...).
const UNREACHABLE = Symbol.for('ops.databaseUnreachable');
// node-postgres's own messages for a connection lost or unusable mid-query (they carry no code).
const CONNECTION_LOST =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/** Mark an error of connecting to the database, so that callers can tell it from any other refused connection. */
export function markUnreachable<E>(err: E): E {
  if (typeof err === 'object' && err !== null) Object.defineProperty(err, UNREACHABLE, { value: true });
  return err;
}

/**
 * True when the error is about the database's state, not the request: it cannot be reached, dropped the
 * connection, is shutting down or starting, or has no connection slots (a 503 the caller may retry).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (isPgError(err)) return err.code.startsWith('57P') || err.code.startsWith('08') || err.code.startsWith('53');
  if (typeof err !== 'object' || err === null) return false;
  return (err as Record<symbol, unknown>)[UNREACHABLE] === true || (err instanceof Error && CONNECTION_LOST.test(err.message));
}
