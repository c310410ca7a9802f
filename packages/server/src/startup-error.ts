import { isDatabaseUnavailable } from './db/pg-error.js';

/**
 * The one sentence main.ts prints when start-up fails: the error's own message when it names the cause,
 * else a sentence built from what is known (a bare rejection used to print `undefined`).
 */
export function startupFailureMessage(err: unknown, databaseUrl?: string): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    return `The server could not listen (${(err as Error).message}); set PORT (and HOST) to an address it may use, or stop the program using it.`;
  }
  if (isDatabaseUnavailable(err)) {
    const where = databaseUrl ? new URL(databaseUrl).host : 'the embedded PostgreSQL';
    return `The database at ${where} cannot be reached (${(err as Error).message}); start it or fix DATABASE_URL, then start again.`;
  }
  if (err instanceof Error && err.message) return err.message;
  return `The server did not start and gave no reason (${String(err)}); run with OPS_LOG_LEVEL=debug to see the step that failed.`;
}
