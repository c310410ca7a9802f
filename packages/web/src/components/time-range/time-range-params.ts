import { parseDurationMs, relativeRangeFromOption, relativeRangeLabel, type TimeRange } from '@ops/shared';

/** The query params a time range lives in: rangeType, display, from, to, range, timeRange. */
export const TIME_RANGE_PARAMS = ['rangeType', 'display', 'from', 'to', 'range', 'timeRange'] as const;

/**
 * Reads a time range from query params (names optionally prefixed, for pages with two pickers).
 * Also accepts the short form `timeRange=1h` without rangeType, as the health dashboard links use.
 */
export function readTimeRange(params: URLSearchParams, prefix = ''): TimeRange | undefined {
  const get = (name: string) => params.get(prefix + name) ?? undefined;
  const rangeType = get('rangeType');
  const display = get('display');
  if (rangeType === 'absolute') {
    const from = get('from');
    const to = get('to');
    return from && to ? { type: 'absolute', display: display ?? 'Custom', from, to } : undefined;
  }
  if (rangeType === 'relative') {
    const range = get('range');
    return range ? { type: 'relative', range, display: display ?? relativeRangeLabel(range) } : undefined;
  }
  if (rangeType === 'mapped') {
    const name = get('timeRange') ?? display;
    return name ? { type: 'mapped', display: name } : undefined;
  }
  const short = get('timeRange');
  return short && parseDurationMs(short) !== undefined ? relativeRangeFromOption(short) : undefined;
}

/**
 * Returns new params holding `range` (or none when undefined): sets rangeType and display, then
 * from/to (absolute), range (relative) or timeRange (mapped), and removes the params of other kinds.
 */
export function writeTimeRange(params: URLSearchParams, range: TimeRange | undefined, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of TIME_RANGE_PARAMS) next.delete(prefix + name);
  if (!range) return next;
  next.set(prefix + 'rangeType', range.type);
  next.set(prefix + 'display', range.display);
  if (range.type === 'absolute') {
    next.set(prefix + 'from', range.from);
    next.set(prefix + 'to', range.to);
  } else if (range.type === 'relative') {
    next.set(prefix + 'range', range.range);
  } else {
    next.set(prefix + 'timeRange', range.display);
  }
  return next;
}

/** A stable identity for a range, for memo keys and "is this option the current one" checks. */
export function timeRangeKey(range: TimeRange | undefined): string {
  if (!range) return '';
  if (range.type === 'absolute') return `absolute:${range.from}|${range.to}`;
  if (range.type === 'relative') return `relative:${range.range}`;
  return `mapped:${range.display}`;
}
