// The time range of the summary and graph calls: `start`/`end` as ISO timestamps, date math (`now-1h`)
// or a duration meaning "that long ago" (`1h`, canary-checker's `start=1h`), plus Mission Control's
// `timeRange`/`since` for the start.
import { parseDateMath, parseDurationMs } from '@ops/shared';
import { badRequest } from '../../http/errors.js';

export interface TimeWindow {
  start: Date;
  end: Date;
}

export interface RangeQuery {
  start?: string;
  end?: string;
  timeRange?: string;
  since?: string;
}

/** The last hour when the caller names no start. */
export const DEFAULT_RANGE_MS = 3_600_000;

/** Resolves a range query against `now`; 400 naming the parameter when a value is not a time. */
export function resolveRange(query: RangeQuery, now: Date = new Date(), defaultMs = DEFAULT_RANGE_MS): TimeWindow {
  const end = query.end ? parsePoint('end', query.end, now) : now;
  const [field, text] = query.start
    ? ['start', query.start]
    : query.timeRange
      ? ['timeRange', query.timeRange]
      : query.since
        ? ['since', query.since]
        : [];
  const start = field && text ? parsePoint(field, text, now) : new Date(end.getTime() - defaultMs);
  if (start.getTime() >= end.getTime()) throw badRequest(`start (${start.toISOString()}) must be before end (${end.toISOString()})`);
  return { start, end };
}

/** One end of a range: a duration ago, date math, an ISO timestamp or epoch milliseconds. */
export function parsePoint(field: string, text: string, now: Date): Date {
  const value = text.trim();
  const ms = parseDurationMs(value);
  if (ms !== undefined) return new Date(now.getTime() - ms);
  if (/^\d{12,}$/.test(value)) return new Date(Number(value));
  const parsed = parseDateMath(value, now);
  if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
  throw badRequest(`${field}: "${text}" is not a time; use an ISO timestamp, date math such as now-1h, or a duration such as 1h`);
}
