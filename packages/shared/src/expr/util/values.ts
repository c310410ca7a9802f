// Value helpers shared by the engines. Data is JSON-like: null, boolean, number, bigint, string,
// Date, arrays, plain objects or Maps, bytes, and CEL durations (seconds + nanos).
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { formatGoDuration } from './go-duration.js';

export { Duration };

/** True for objects we treat as string-keyed maps: plain or null-prototype objects. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** True for a map-like value: a plain object or a Map. */
export function isMapLike(v: unknown): v is Record<string, unknown> | Map<unknown, unknown> {
  return v instanceof Map || isPlainObject(v);
}

/** Own entries of a map-like value; never walks prototypes, so host objects stay out of reach. */
export function mapEntries(v: Record<string, unknown> | Map<unknown, unknown>): [string, unknown][] {
  if (v instanceof Map) return [...v.entries()].map(([k, x]) => [String(k), x]);
  return Object.keys(v).map((k) => [k, v[k]]);
}

/** Looks a key up on a map-like value by own property only; `undefined` when absent. */
export function mapGet(v: Record<string, unknown> | Map<unknown, unknown>, key: string): unknown {
  if (v instanceof Map) return v.get(key);
  return Object.hasOwn(v, key) ? v[key] : undefined;
}

/** Nanoseconds of a CEL duration. */
export function durationNanos(d: Duration): bigint {
  return d.seconds * 1_000_000_000n + BigInt(d.nanos);
}

/** A CEL duration from nanoseconds. */
export function durationFromNanos(ns: bigint): Duration {
  const neg = ns < 0n;
  const abs = neg ? -ns : ns;
  const s = abs / 1_000_000_000n;
  const n = Number(abs % 1_000_000_000n);
  return neg ? new Duration(-s, 0).subtractDuration(new Duration(0, n)) : new Duration(s, n);
}

/** A CEL duration from milliseconds: how engines pass Go time.Duration values (e.g. sslAge). */
export function durationFromMs(ms: number): Duration {
  return durationFromNanos(BigInt(Math.round(ms * 1_000_000)));
}

/** Go's String() of a duration value. */
export function durationString(d: Duration): string {
  return formatGoDuration(durationNanos(d));
}

/** Number value of a number-ish (number, bigint, unsigned int wrapper), or undefined. */
export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (
    v !== null &&
    typeof v === 'object' &&
    'value' in v &&
    typeof (v as { value: unknown }).value === 'bigint' &&
    v.constructor?.name === 'UnsignedInt'
  ) {
    return Number((v as { value: bigint }).value);
  }
  return undefined;
}

/** Structural equality across our value kinds; numbers compare by value whatever their JS type. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== undefined && nb !== undefined) return na === nb;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Duration && b instanceof Duration) return durationNanos(a) === durationNanos(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((x, i) => x === b[i]);
  if (isMapLike(a) && isMapLike(b)) {
    const ea = mapEntries(a);
    const eb = new Map(mapEntries(b));
    return ea.length === eb.size && ea.every(([k, v]) => eb.has(k) && deepEqual(v, eb.get(k)));
  }
  return false;
}

/** Go-style truthiness for templates: false, 0, nil, "" and empty collections are false. */
export function truthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === '' || v === 0 || v === 0n) return false;
  if (Array.isArray(v) || v instanceof Uint8Array) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (isPlainObject(v)) return Object.keys(v).length > 0;
  if (v instanceof Duration) return durationNanos(v) !== 0n;
  return true;
}

/** Orders two scalars (numbers, strings, dates, durations); throws for kinds that do not order. */
export function compareValues(a: unknown, b: unknown): number {
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== undefined && nb !== undefined) return na < nb ? -1 : na > nb ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Date && b instanceof Date) return Math.sign(a.getTime() - b.getTime());
  if (a instanceof Duration && b instanceof Duration) {
    const d = durationNanos(a) - durationNanos(b);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  throw new Error(`cannot compare ${kindOf(a)} with ${kindOf(b)}`);
}

/** A short type name used in error messages. */
export function kindOf(v: unknown): string {
  if (v === null || v === undefined) return 'nil';
  if (Array.isArray(v)) return 'list';
  if (v instanceof Date) return 'timestamp';
  if (v instanceof Duration) return 'duration';
  if (v instanceof Uint8Array) return 'bytes';
  if (isMapLike(v)) return 'map';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  return typeof v;
}
