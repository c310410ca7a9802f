import { isPgError } from '../../db/pg-error.js';
import { PgrstError } from '../errors.js';

/**
 * PostgREST's SQLSTATE → HTTP status table (server-side faults stay 5xx; input faults are 4xx). We differ in
 * two places where the input is the cause: 21000 (a bulk upsert touching a row twice) and class 54 are 400.
 */
export function statusFor(code: string, rpc: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42883':
      return rpc ? 404 : 400;
    case '42P01':
      return 404;
    case '42501':
      return 403;
    case '42P17':
      return 500;
    case '57P01':
      return 503;
  }
  const cls = code.slice(0, 2);
  if (['08', '53'].includes(cls)) return code === '53400' ? 500 : 503;
  if (['0L', '0P', '28'].includes(cls)) return 403;
  // Class 54 (program limits: oversized index rows, too complex) comes from oversized input here: a 400.
  if (['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'XX'].includes(cls)) return 500;
  if (code === 'P0001') return 400;
  if (cls === 'P0') return 500;
  return 400;
}

// Messages that would echo generated SQL back (our bug, never the caller's): answer without them.
const LEAKY = /syntax error at or near|pgrst_|\bSELECT\b|\bFROM\b[^]*\bWHERE\b/;

/**
 * Turn a database error into PostgREST's JSON error with PostgreSQL's code, message, detail and hint.
 * Connection failures are 503 (PGRST000/PGRST001); anything else unknown is rethrown for a logged 500.
 */
export function fromDatabaseError(err: unknown, rpc = false): PgrstError {
  if (err instanceof PgrstError) return err;
  if (isPgError(err)) {
    const code = err.code;
    const status = statusFor(code, rpc);
    if (code === '42601' || LEAKY.test(err.message)) {
      return new PgrstError(
        status >= 500 ? status : 400,
        code,
        'The request could not be turned into a valid query',
        null,
        'Check the filters and the select parameter',
      );
    }
    const details = err.detail && !LEAKY.test(err.detail) ? err.detail : null;
    const hint = err.hint && !LEAKY.test(err.hint) ? err.hint : null;
    return new PgrstError(status, code, err.message, details, hint);
  }
  const msg = err instanceof Error ? err.message : String(err);
  if (/ECONNREFUSED|ECONNRESET|Connection terminated|timeout exceeded when trying to connect/i.test(msg)) {
    return new PgrstError(503, 'PGRST000', 'Database connection error. Retrying the connection.');
  }
  throw err;
}
