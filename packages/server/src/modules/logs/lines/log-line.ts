// The log line every backend returns and the viewer shows: duty's LogLine fields, with times as
// ISO strings so lines cross HTTP and JSON downloads unchanged.

/** One log line (or, after deduplication, one representative of `count` lines). */
export interface LogLine {
  id?: string;
  /** When the line was written (its timestamp); the earliest one after deduplication. */
  firstObserved?: string;
  /** The latest timestamp folded into this line by deduplication. */
  lastObserved?: string;
  count: number;
  message: string;
  /** Fingerprint of the message with its variable parts masked (see fingerprint.ts). */
  hash?: string;
  severity: string;
  source: string;
  host: string;
  labels: Record<string, string>;
}

/** What callers hand in: every field optional; `timestamp` is accepted for `firstObserved`. */
export interface LogLineInput {
  id?: string;
  timestamp?: string;
  firstObserved?: string;
  lastObserved?: string;
  count?: number;
  message?: string;
  hash?: string;
  severity?: string;
  source?: string;
  host?: string;
  labels?: Record<string, string>;
}

/** A line that cannot be represented (an unparsable timestamp, a negative count). */
export class LogLineError extends Error {}

/** Label keys read, in order, when a line has no message of its own. */
export const DEFAULT_MESSAGE_FIELDS: readonly string[] = ['msg', 'message'];

/** Milliseconds since the epoch of an ISO time, or undefined when absent or unparsable. */
export function timeOf(iso: string | undefined): number | undefined {
  if (!iso) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

function checkedTime(field: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (timeOf(value) === undefined) throw new LogLineError(`${field} '${value}' is not a timestamp`);
  return value;
}

/** A complete LogLine from partial input (count defaults to 1); throws LogLineError on bad times or counts. */
export function toLogLine(input: LogLineInput): LogLine {
  const count = input.count ?? 1;
  if (!Number.isInteger(count) || count < 0) throw new LogLineError(`count ${String(input.count)} is not a whole number ≥ 0`);
  const line: LogLine = {
    count,
    message: input.message ?? '',
    severity: input.severity ?? '',
    source: input.source ?? '',
    host: input.host ?? '',
    labels: { ...input.labels },
  };
  const first = checkedTime('firstObserved', input.firstObserved ?? input.timestamp);
  const last = checkedTime('lastObserved', input.lastObserved);
  if (input.id !== undefined) line.id = input.id;
  if (first !== undefined) line.firstObserved = first;
  if (last !== undefined) line.lastObserved = last;
  if (input.hash) line.hash = input.hash;
  return line;
}

/** Sets a label; a "__proto__" key from a log line stays an ordinary key. */
export function setLabel(labels: Record<string, string>, key: string, value: string): void {
  if (key === '__proto__') Object.defineProperty(labels, key, { value, enumerable: true, writable: true, configurable: true });
  else labels[key] = value;
}

/** The line's message, or the first non-empty label of `messageFields` when it has none. */
export function effectiveMessage(line: LogLine, messageFields: readonly string[] = DEFAULT_MESSAGE_FIELDS): string {
  if (line.message !== '') return line.message;
  const fields = messageFields.length > 0 ? messageFields : DEFAULT_MESSAGE_FIELDS;
  for (const field of fields) {
    const value = Object.hasOwn(line.labels, field) ? line.labels[field] : undefined;
    if (value) return value;
  }
  return '';
}
