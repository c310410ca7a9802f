// The time range of a logs query: `start` as a duration ago (`2d`), date math (`now-2d`) or an ISO time;
// `end` likewise, default now. A value that is not a time is a 400 naming the parameter.
import { parseDateMath, parseDurationMs } from '@ops/shared';
import { badRequest } from '../../http/errors.js';

export interface LogsWindow {
  start?: Date;
  end: Date;
}

/** One end of the range against `now`. */
function point(field: string, text: string, now: Date): Date {
  const value = text.trim();
  const ms = parseDurationMs(value);
  if (ms !== undefined) return new Date(now.getTime() - ms);
  const parsed = parseDateMath(value, now);
  if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
  throw badRequest(`${field}: "${text}" is not a time; use an ISO timestamp, date math such as now-2d, or a duration such as 2d`);
}

/** The window of a query; no start reads back as far as the backend goes. */
export function logsWindow(query: { start?: string; end?: string }, now = new Date()): LogsWindow {
  const end = query.end ? point('end', query.end, now) : now;
  const start = query.start ? point('start', query.start, now) : undefined;
  if (start && start.getTime() >= end.getTime())
    throw badRequest(`start (${start.toISOString()}) must be before end (${end.toISOString()})`);
  return start ? { start, end } : { end };
}
