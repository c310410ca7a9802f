// Converting between plain JS data and CEL values: CEL integers are BigInt, doubles are numbers.
import { utf8Decode } from '../util/bytes.js';
import { Duration, durationString, isMapLike, mapEntries } from '../util/values.js';

/** Own-property-safe assignment, so a "__proto__" key stays an ordinary key. */
function put(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Plain data → CEL values: whole numbers become int (BigInt) so `code == 200` and `count + 1`
 * work; Maps and class instances become plain maps of their own enumerable fields; functions
 * and undefined are dropped. Dates, durations and bytes pass through.
 */
export function toCel(value: unknown, depth = 0): unknown {
  if (depth > 200) throw new Error('value nests deeper than 200 levels');
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return Number.isSafeInteger(value) ? BigInt(value) : value;
    case 'string':
    case 'boolean':
    case 'bigint':
      return value;
    case 'function':
    case 'symbol':
      return null;
  }
  if (value instanceof Date || value instanceof Duration || value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return value.map((v) => toCel(v, depth + 1));
  const out: Record<string, unknown> = {};
  const entries = isMapLike(value) ? mapEntries(value) : Object.entries(value as object);
  for (const [k, v] of entries) if (v !== undefined && typeof v !== 'function') put(out, k, toCel(v, depth + 1));
  return out;
}

/** Converts each variable of an evaluation context. */
export function toCelVars(vars: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) put(out, k, toCel(v));
  return out;
}

/**
 * CEL values → plain data: int/uint become numbers, durations their Go string ("1h0m0s"),
 * bytes a UTF-8 string, optionals their value (or null), types their name. Dates stay Dates.
 */
export function fromCel(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  if (value instanceof Duration) return durationString(value);
  if (value instanceof Uint8Array) return utf8Decode(value);
  if (Array.isArray(value)) return value.map(fromCel);
  if (isMapLike(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of mapEntries(value)) put(out, k, fromCel(v));
    return out;
  }
  const ctor = (value as { constructor?: { name?: string } }).constructor?.name;
  if (ctor === 'Optional') {
    const opt = value as { hasValue(): boolean; value(): unknown };
    return opt.hasValue() ? fromCel(opt.value()) : null;
  }
  if (ctor === 'UnsignedInt') return Number((value as { value: bigint }).value);
  if (ctor === 'Type') return String((value as { name?: string }).name ?? value);
  return String(value);
}

/** Adapts a handler's plain result to the declared CEL return type. */
export function adaptResult(returns: string, value: unknown): unknown {
  if (returns === 'double') return typeof value === 'bigint' ? Number(value) : value;
  if (returns === 'int') return typeof value === 'number' ? BigInt(Math.trunc(value)) : value;
  return toCel(value);
}
