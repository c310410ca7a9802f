// jq's value model over JSON: type names, ordering, truthiness, and conversion of our values in.
import { toJSON } from '../util/json.js';
import { base64Encode } from '../util/bytes.js';
import { Duration, durationString, isMapLike, mapEntries } from '../util/values.js';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** jq's type name of a value. */
export function jqType(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v === 'bigint' ? 'number' : typeof v;
}

/** Converts our values (bigint, Date, Map, durations, bytes) to plain JSON for jq. */
export function toJqValue(v: unknown): Json {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return JSON.parse(toJSON(v)) as Json;
  if (v instanceof Duration) return durationString(v);
  if (v instanceof Uint8Array) return base64Encode(v);
  if (Array.isArray(v)) return v.map(toJqValue);
  if (isMapLike(v)) {
    const out: { [k: string]: Json } = {};
    for (const [k, x] of mapEntries(v)) if (x !== undefined) out[k] = toJqValue(x);
    return out;
  }
  const inner = (v as { value?: unknown }).value;
  return typeof inner === 'bigint' ? Number(inner) : null;
}

const ORDER = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/** jq's total order: null < false < true < numbers < strings < arrays < objects. */
export function jqCompare(a: Json, b: Json): number {
  const ta = ORDER.indexOf(jqType(a));
  const tb = ORDER.indexOf(jqType(b));
  if (ta !== tb) return ta - tb;
  if (typeof a === 'number' && typeof b === 'number') {
    // jq compares nan as if it were null: below every number, itself included.
    if (Number.isNaN(a)) return -1;
    if (Number.isNaN(b)) return 1;
    return a - b;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = jqCompare(a[i]!, b[i]!);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    const kc = jqCompare(ka, kb);
    if (kc !== 0) return kc;
    for (const k of ka) {
      const c = jqCompare((a as Record<string, Json>)[k]!, (b as Record<string, Json>)[k]!);
      if (c !== 0) return c;
    }
  }
  return 0;
}

/** jq truthiness: only false and null are false. */
export function jqTruthy(v: unknown): boolean {
  return v !== false && v !== null && v !== undefined;
}

/** A short rendering of a value for error messages, like jq's. */
export function jqShow(v: Json): string {
  const s = JSON.stringify(v) ?? 'null';
  return s.length > 30 ? `${s.slice(0, 27)}...` : s;
}
