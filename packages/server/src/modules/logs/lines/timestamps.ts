// Timestamps found inside log lines: JSON fields (ISO text or epoch numbers in s/ms/µs/ns) and the
// year-less stamps of klog and RFC 3164 syslog, which take their year from the line or the clock.
import { type LogLine, timeOf } from './log-line.js';

const NUMERIC = /^\d+(\.\d+)?$/;

const MONTHS = new Map(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map((m, i) => [m, i + 1]));

/** Month number (1–12) of an English three-letter abbreviation, or undefined. */
export function monthNumber(abbr: string): number | undefined {
  return MONTHS.get(abbr);
}

/** An ISO string from epoch milliseconds, or undefined when out of range. */
function isoFromMs(ms: number): string | undefined {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
  return new Date(ms).toISOString();
}

/**
 * A JSON timestamp value as ISO text: ISO/RFC 3339 strings, and epoch numbers (or numeric
 * strings) whose magnitude tells the unit (seconds, ms, µs or ns). Undefined when not a time.
 */
export function timestampFromValue(value: unknown): string | undefined {
  let n: number | undefined;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return undefined;
    if (NUMERIC.test(text)) n = Number(text);
    else return timeOf(text) === undefined ? undefined : text;
  }
  if (n === undefined || n <= 0) return undefined;
  if (n >= 1e17) return isoFromMs(n / 1e6);
  if (n >= 1e14) return isoFromMs(n / 1e3);
  if (n >= 1e11) return isoFromMs(n);
  return isoFromMs(n * 1000);
}

let yearCache = { year: 0, until: 0 };

/** The current UTC year, recomputed at most once a minute (a Date per line is measurable at 1M lines). */
function currentYear(now: number): number {
  if (now >= yearCache.until || now < yearCache.until - 60_000) yearCache = { year: new Date(now).getUTCFullYear(), until: now + 60_000 };
  return yearCache.year;
}

/** The year a year-less stamp belongs to: that of the line's own time, else the current UTC year. */
export function referenceYear(line: LogLine, now: () => number = Date.now): number {
  const ms = timeOf(line.firstObserved);
  return ms === undefined ? currentYear(now()) : new Date(ms).getUTCFullYear();
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * ISO text of a year-less stamp read as UTC, `time` being hh:mm:ss and `fraction` the digits
 * after the second's point (kept to microseconds). Undefined for an impossible date or time.
 */
export function yearlessTimestamp(year: number, month: number, day: number, time: string, fraction = ''): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return undefined;
  if (month === 2 && day === 29 && (year % 4 !== 0 || (year % 100 === 0 && year % 400 !== 0))) return undefined;
  if (time.length !== 8 || time > '23:59:60' || time.charCodeAt(3) > 53 || time.charCodeAt(6) > 54) return undefined;
  const frac = fraction === '' ? '' : `.${fraction.length >= 6 ? fraction.slice(0, 6) : fraction.padEnd(3, '0')}`;
  return `${year}-${pad2(month)}-${pad2(day)}T${time}${frac}Z`;
}
