// Time functions: Flanksource's Duration()/duration() with d/w/y units, HumanDuration, Age, and
// the time.* namespace (Now, Parse with Go layouts, ZoneName, ZoneOffset, Since, InTimeRange, ...).
import { NS, parseGoDuration } from '../../util/go-duration.js';
import { humanDuration } from '../../util/human.js';
import { formatGoTime, parseGoTime, RFC3339 } from '../../util/go-time.js';
import { durationFromNanos, durationNanos, durationString, type Duration } from '../../util/values.js';
import type { CelLibrary } from '../registrar.js';

/** Parses a Go duration with Flanksource's extra units into a CEL duration. */
export function celDuration(text: string): Duration {
  return durationFromNanos(parseGoDuration(text));
}

/** Reads a time value the way Flanksource's InTimeRange/Age do: timestamps, or RFC 3339 strings. */
function toTime(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'string') {
    for (const layout of [RFC3339, '2006-01-02T15:04:05.999999999Z07:00', '2006-01-02T15:04:05', '2006-01-02 15:04:05']) {
      try {
        return parseGoTime(layout, v);
      } catch {
        /* try the next layout */
      }
    }
    throw new Error(`cannot parse ${JSON.stringify(v)} as a timestamp`);
  }
  throw new Error(`cannot convert ${typeof v} to a timestamp`);
}

/** Time of day in seconds: a string's wall clock as written (Go keeps its zone), a timestamp's UTC. */
function wallClockSeconds(v: unknown): number {
  const d = toTime(v);
  const m = typeof v === 'string' ? /[T ](\d{2}):(\d{2}):(\d{2})/.exec(v) : null;
  if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds();
}

/** Seconds since midnight of "HH:MM" or "HH:MM:SS". */
function timeOfDay(s: string): number {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59)
    throw new Error(`cannot parse ${JSON.stringify(s)} as a time of day (expected HH:MM or HH:MM:SS)`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

/** The local zone's abbreviation (UTC when the platform does not say). */
function zoneName(): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(new Date());
  return parts.find((p) => p.type === 'timeZoneName')?.value.replace(/^GMT$/, 'UTC') ?? 'UTC';
}

const since = (d: Date) => durationFromNanos(BigInt(Date.now() - d.getTime()) * NS.ms);

/** Registers the time functions (including the time.* namespace). */
export const timeLibrary: CelLibrary = (r) => {
  r.fn('Duration', ['string'], 'duration', (s: string) => celDuration(s));
  r.fn('time.ParseDuration', ['string'], 'duration', (s: string) => celDuration(s));
  r.fn('HumanDuration', ['dyn'], 'string', humanDuration);
  r.fn('Age', ['dyn'], 'duration', (v: unknown) => (typeof v === 'bigint' ? durationFromNanos(v) : since(toTime(v))));
  r.fn('age', ['dyn'], 'duration', (v: unknown) => (typeof v === 'bigint' ? durationFromNanos(v) : since(toTime(v))));
  r.fn('string', ['timestamp'], 'string', (d: Date) => formatGoTime(d, '2006-01-02T15:04:05.999999999Z07:00'));
  r.fn('string', ['duration'], 'string', (d: Duration) => `${Number(durationNanos(d)) / 1e9}s`);
  r.method('duration', 'String', [], 'string', (d: Duration) => durationString(d));
  r.method('timestamp', 'Format', ['string'], 'string', (d: Date, layout: string) => formatGoTime(d, layout));
  r.method('timestamp', 'Unix', [], 'int', (d: Date) => BigInt(Math.floor(d.getTime() / 1000)));
  r.fn('time.Now', [], 'timestamp', () => new Date());
  r.fn('time.ZoneName', [], 'string', zoneName);
  r.fn('time.ZoneOffset', [], 'int', () => BigInt(-new Date().getTimezoneOffset() * 60));
  r.fn('time.Parse', ['string', 'string'], 'timestamp', (layout: string, v: string) => parseGoTime(layout, v));
  r.fn('time.Unix', ['int'], 'timestamp', (s: bigint) => new Date(Number(s) * 1000));
  r.fn('time.Since', ['timestamp'], 'duration', since);
  r.fn('time.Until', ['timestamp'], 'duration', (d: Date) => durationFromNanos(BigInt(d.getTime() - Date.now()) * NS.ms));
  r.fn('time.InTimeRange', ['dyn', 'string', 'string'], 'bool', (t: unknown, from: string, to: string) => {
    const secs = wallClockSeconds(t);
    return secs >= timeOfDay(from) && secs <= timeOfDay(to);
  });
  for (const [unit, ns] of [
    ['Nanosecond', NS.ns],
    ['Microsecond', NS.us],
    ['Millisecond', NS.ms],
    ['Second', NS.s],
    ['Minute', NS.m],
    ['Hour', NS.h],
  ] as const) {
    r.fn(`time.${unit}`, ['int'], 'duration', (n: bigint) => durationFromNanos(n * ns));
  }
};
