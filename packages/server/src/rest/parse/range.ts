import { invalidRange } from '../errors.js';
import type { RangeSpec } from './ast.js';

/** An inclusive row range; `upper` Infinity means open-ended. */
export interface RowRange {
  lower: number;
  upper: number;
}

/** Parse `Range: 0-24` (optionally `items=0-24`); an unparsable header is ignored like PostgREST does. */
export function parseRangeHeader(header: string | undefined, unit: string | undefined): RowRange | undefined {
  if (!header || (unit && unit.trim().toLowerCase() !== 'items')) return undefined;
  const m = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!m) return undefined;
  const lower = Number(m[1]);
  const upper = m[2] ? Number(m[2]) : Infinity;
  if (lower > upper) throw invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  return { lower, upper };
}

/** Intersect the `limit`/`offset` parameters with the Range header into one offset and limit. */
export function combineRange(spec: RangeSpec | undefined, header: RowRange | undefined): RangeSpec {
  const lower = Math.max(spec?.offset ?? 0, header?.lower ?? 0);
  const qsUpper = spec?.limit !== undefined ? (spec.offset ?? 0) + spec.limit - 1 : Infinity;
  const upper = Math.min(qsUpper, header?.upper ?? Infinity);
  if (upper === Infinity) return { offset: lower };
  return { offset: lower, limit: Math.max(0, upper - lower + 1) };
}
