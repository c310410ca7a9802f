import { normalizeRelativeRange, parseDateMath, relativeRangeLabel, type TimeRange } from '@ops/shared';

/** The viewer's range until the user picks one: the last 2 days. */
export const DEFAULT_LOGS_START = 'now-2d';

/**
 * The range the `start` (and, for an absolute range, `end`) params describe: a relative start ('now-2d', or '2d')
 * or ISO dates. Anything else falls back to the default.
 */
export function rangeFromParams(start: string | null | undefined, end: string | null | undefined): TimeRange {
  const text = start?.trim() ?? '';
  if (text && end && parseDateMath(text, new Date()) && parseDateMath(end, new Date())) {
    return { type: 'absolute', display: 'Custom', from: text, to: end };
  }
  const relative = text ? normalizeRelativeRange(text) : undefined;
  const range = relative ?? DEFAULT_LOGS_START;
  return { type: 'relative', range, display: relativeRangeLabel(range) };
}

/** The params for a range: `start` (relative or ISO) and, for absolute ranges, `end`; the default writes neither. */
export function paramsFromRange(range: TimeRange): { start: string | undefined; end: string | undefined } {
  if (range.type === 'absolute') return { start: range.from, end: range.to };
  if (range.type === 'relative') return { start: range.range === DEFAULT_LOGS_START ? undefined : range.range, end: undefined };
  return { start: undefined, end: undefined };
}

/** The date a range starts at now (for file names). */
export function rangeStartDate(range: TimeRange, now = new Date()): Date {
  if (range.type === 'absolute') return parseDateMath(range.from, now) ?? now;
  if (range.type === 'relative') return parseDateMath(range.range, now) ?? now;
  return now;
}
