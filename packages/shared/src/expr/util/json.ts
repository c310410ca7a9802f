// JSON the way Go's encoding/json writes our values: map keys sorted, times as RFC 3339, bytes
// as base64, durations as Go strings, big integers exact.
import { base64Encode } from './bytes.js';
import { Duration, durationString, isMapLike, mapEntries } from './values.js';

/** Serialises a value as JSON; `indent` gives the pretty form (Go's MarshalIndent). */
export function toJSON(value: unknown, indent?: string): string {
  const seen = new Set<unknown>();
  const nl = indent ? '\n' : '';
  const walk = (v: unknown, depth: number): string => {
    const pad = indent ? indent.repeat(depth + 1) : '';
    const close = indent ? indent.repeat(depth) : '';
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'string') return JSON.stringify(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : 'null';
    if (v instanceof Date) return JSON.stringify(Number.isNaN(v.getTime()) ? null : v.toISOString().replace('.000Z', 'Z'));
    if (v instanceof Duration) return JSON.stringify(durationString(v));
    if (v instanceof Uint8Array) return JSON.stringify(base64Encode(v));
    if (typeof v !== 'object') return 'null';
    if (seen.has(v)) throw new Error('json: unsupported value: encountered a cycle');
    seen.add(v);
    let out: string;
    if (Array.isArray(v)) {
      out = v.length === 0 ? '[]' : `[${nl}${v.map((x) => pad + walk(x, depth + 1)).join(`,${nl}`)}${nl}${close}]`;
    } else if (isMapLike(v)) {
      const entries = mapEntries(v)
        .filter(([, x]) => x !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const sep = indent ? ': ' : ':';
      out =
        entries.length === 0
          ? '{}'
          : `{${nl}${entries.map(([k, x]) => `${pad}${JSON.stringify(k)}${sep}${walk(x, depth + 1)}`).join(`,${nl}`)}${nl}${close}}`;
    } else {
      const inner = (v as { value?: unknown }).value;
      out = typeof inner === 'bigint' ? inner.toString() : 'null';
    }
    seen.delete(v);
    return out;
  };
  return walk(value, 0);
}

/** Parses JSON text into plain values; the error names what was wrong. */
export function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`invalid JSON: ${(e as Error).message}`);
  }
}
