import { createHash } from 'node:crypto';
import { setOwn } from '../engine/changes/canonical-json.js';

// A stable fingerprint of an item as scraped (body and attributes), so an unchanged item is recognised
// without reading its stored body back. Key order never matters; undefined members are dropped.
//
// Every item of every scrape is hashed (20,000 pods of ~5 KB are ~6 million values). The canonical text is
// JSON.stringify's (native, far faster than building the text in JavaScript) of the value with keys sorted,
// where sorting copies only the objects whose keys are out of order and the containers above them. The text
// is the same as before, so stored hashes stay valid.

/** `value` with object keys sorted at every level; parts already in order are shared, not copied. */
function sortedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const s = sortedKeys(v);
      if (s !== v) (copy ??= value.slice())[i] = s;
    }
    return copy ?? value;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  const keys = Object.keys(value);
  // Other objects (dates, maps) were hashed by their own enumerable keys: keep that by always copying them.
  let inOrder = proto === Object.prototype || proto === null;
  for (let i = 1; inOrder && i < keys.length; i++) if (keys[i - 1]! > keys[i]!) inOrder = false;
  if (!inOrder) keys.sort();
  let copy: Record<string, unknown> | undefined = inOrder ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const v = (value as Record<string, unknown>)[key];
    const s = sortedKeys(v);
    if (!copy && s !== v) {
      copy = {};
      for (let j = 0; j < i; j++) setOwn(copy, keys[j]!, (value as Record<string, unknown>)[keys[j]!]);
    }
    if (copy) setOwn(copy, key, s);
  }
  return copy ?? value;
}

/** sha256 (hex) of the canonical JSON of `value`: equal for structurally equal JSON values. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(sortedKeys(value)) ?? 'null')
    .digest('hex');
}
