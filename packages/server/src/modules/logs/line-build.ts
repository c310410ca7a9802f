// Raw text to a LogLine the way every backend does it: parsed with the declared format (autodetect by
// default), with the backend's own labels and an id; and the case-insensitive text filter.
import type { LogLineFormat } from './log-formats.js';
import { type LogLine, parseLogLine, timeOf, toLogLine } from './lines/index.js';

/** A LogLine from raw text: the message parsed with `format` ('text' leaves it as it is). */
export function buildLine(
  raw: string,
  format: LogLineFormat,
  fields: { id: string; timestamp?: string; labels?: Record<string, string>; host?: string; source?: string },
): LogLine {
  const line = toLogLine({ message: raw, id: fields.id, labels: fields.labels, host: fields.host, source: fields.source });
  if (fields.timestamp && timeOf(fields.timestamp) !== undefined) line.firstObserved = fields.timestamp;
  if (format !== 'text') parseLogLine(line, format);
  return line;
}

/** Whether raw text contains the (lower-cased) needle, ignoring case. */
export function containsText(raw: string, needle: string | undefined): boolean {
  return needle === undefined || raw.toLowerCase().includes(needle);
}

/** containsText for many lines: one case-insensitive literal pattern, no lower-cased copy per line. */
export function textMatcher(needle: string | undefined): (raw: string) => boolean {
  if (needle === undefined) return () => true;
  const re = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'iu');
  return (raw) => re.test(raw);
}

/** Where a line's time falls against the window: before start, after end, or inside (or unknown). */
export function timePlace(line: LogLine, start: Date | undefined, end: Date): 'before' | 'after' | 'inside' {
  const t = timeOf(line.firstObserved);
  if (t === undefined) return 'inside';
  if (start && t < start.getTime()) return 'before';
  if (t > end.getTime()) return 'after';
  return 'inside';
}
