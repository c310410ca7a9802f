// Template-side value helpers: namespaces (gomplate's `strings.ToUpper`), methods callable on
// times and durations, and the printing of a pipeline result.
import { goString } from '../util/go-format.js';
import { formatGoTime, RFC3339 } from '../util/go-time.js';
import { Duration, durationNanos, durationString } from '../util/values.js';

export type TemplateFunc = (...args: unknown[]) => unknown;

/** A group of functions reached with a dot: `{{ base64.Encode "x" }}`, `{{ "x" | strings.ToUpper }}`. */
export class Namespace {
  constructor(
    readonly name: string,
    readonly fns: Readonly<Record<string, TemplateFunc>>,
  ) {}
}

/** Methods callable on times and durations, as Go's time.Time and time.Duration expose them. */
export function valueMethod(receiver: unknown, name: string): TemplateFunc | undefined {
  if (receiver instanceof Date) {
    const methods: Record<string, TemplateFunc> = {
      Format: (layout) => formatGoTime(receiver, String(layout)),
      Unix: () => Math.floor(receiver.getTime() / 1000),
      UnixMilli: () => receiver.getTime(),
      UTC: () => receiver,
      String: () => goString(receiver),
      Year: () => receiver.getUTCFullYear(),
      Month: () => receiver.getUTCMonth() + 1,
      Day: () => receiver.getUTCDate(),
      Hour: () => receiver.getUTCHours(),
      Minute: () => receiver.getUTCMinutes(),
      Second: () => receiver.getUTCSeconds(),
      RFC3339: () => formatGoTime(receiver, RFC3339),
    };
    return Object.hasOwn(methods, name) ? methods[name] : undefined;
  }
  if (receiver instanceof Duration) {
    const ns = Number(durationNanos(receiver));
    const methods: Record<string, TemplateFunc> = {
      String: () => durationString(receiver),
      Seconds: () => ns / 1e9,
      Minutes: () => ns / 6e10,
      Hours: () => ns / 3.6e12,
      Milliseconds: () => Math.trunc(ns / 1e6),
      Nanoseconds: () => ns,
    };
    return Object.hasOwn(methods, name) ? methods[name] : undefined;
  }
  return undefined;
}

/** What an action prints: Go prints a missing or nil result as "<no value>" (configurable). */
export function printable(v: unknown, noValue: string): string {
  if (v === undefined || v === null) return noValue;
  return goString(v);
}
