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
