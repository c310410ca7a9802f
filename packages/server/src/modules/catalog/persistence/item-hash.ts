import { createHash } from 'node:crypto';

// A stable fingerprint of an item as scraped (body and attributes), so an unchanged item is recognised
// without reading its stored body back. Key order never matters; undefined members are dropped.
//
// Every item of every scrape is hashed (20,000 pods of ~5 KB are ~6 million values), so the canonical text
// is built by concatenation, and strings that need no escaping are quoted directly: together about twice
// as fast as pushing JSON.stringify'd pieces into an array. The text is the same as JSON.stringify would
// give with sorted keys, so stored hashes stay valid.

// What JSON.stringify escapes in a string: the quote, the backslash, control characters and (lone) surrogates.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

const quote = (s: string): string => (NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`);

function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonical(value[i]);
    return out + ']';
  }
  const keys = Object.keys(value);
  if (keys.length > 1) keys.sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    out += (first ? '' : ',') + quote(key) + ':' + canonical(v);
    first = false;
  }
  return out + '}';
}

/** sha256 (hex) of the canonical JSON of `value`: equal for structurally equal JSON values. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}
