// What mysql and mssql checks report for a query, the same way as the postgres check: rows with every
// value as text (Go's scan into NullString), `results` as the minimum row count.
import type { ProbeResult } from '../check-type.js';
import { failed, passed } from '../probe-results.js';

const MAX_ROWS = 10_000;

/** A value as the text Go's database/sql would scan into a NullString (null stays null). */
export function sqlText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean | bigint);
}

/** Passes with `N rows` unless fewer than `expected` rows came back. */
export function rowsResult(rows: Record<string, unknown>[], expected: number): ProbeResult {
  const detail = { rows: rows.slice(0, MAX_ROWS), count: rows.length };
  if (detail.count < expected) return failed(`Query returned ${detail.count} rows, expected ${expected}`, { detail });
  return passed({}, { detail, message: `${detail.count} rows` });
}

/** A failure from the driver, prefixed with the check type like the postgres check. */
export function queryFailed(type: string, message: string): ProbeResult {
  return failed(`${type}: ${message}`, { detail: { rows: [], count: 0 } });
}
