// Argument coercion shared by the template functions (gomplate's conv.ToString and friends).
import { goString } from '../../util/go-format.js';
import { isMapLike, kindOf, toNumber } from '../../util/values.js';

/** conv.ToString: strings as is, nil as "", everything else as Go prints it. */
export function str(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : goString(v);
}

/** conv.ToInt: numbers truncated, numeric strings parsed (with 0x/0o/0b prefixes), bools 0/1. */
export function int(v: unknown): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = toNumber(v);
  if (n !== undefined) return Math.trunc(n);
  if (typeof v === 'string') {
    const t = v.trim().replaceAll(',', '');
    const parsed = /^[+-]?0[xXoObB]/.test(t) ? Number(t) : Number.parseFloat(t);
    return Number.isNaN(parsed) ? 0 : Math.trunc(parsed);
  }
  return 0;
}

/** conv.ToFloat64. */
export function float(v: unknown): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = toNumber(v);
  if (n !== undefined) return n;
  if (typeof v === 'string') {
    const parsed = Number(v.trim().replaceAll(',', ''));
    return Number.isNaN(parsed) ? 0 : parsed;
  }
  return 0;
}

/** A list argument, or an error naming what was given instead. */
export function list(v: unknown, fn: string): unknown[] {
  if (Array.isArray(v)) return v;
  if (v === null || v === undefined) return [];
  throw new Error(`${fn}: expected a list, got ${kindOf(v)}`);
}

/** A map argument as a plain record (Maps are copied). */
export function record(v: unknown, fn: string): Record<string, unknown> {
  if (v instanceof Map) return Object.fromEntries([...v.entries()].map(([k, x]) => [String(k), x]));
  if (isMapLike(v)) return v as Record<string, unknown>;
  throw new Error(`${fn}: expected a map, got ${kindOf(v)}`);
}

/** Builds a plain object with own-property assignment (a "__proto__" key stays a key). */
export function makeRecord(pairs: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of pairs) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}
