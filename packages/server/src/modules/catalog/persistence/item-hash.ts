import { hash } from 'node:crypto';
import { canonicalJson } from '../engine/changes/canonical-json.js';

// Fingerprints of an item as scraped (body and attributes), so an unchanged item is recognised without
// reading its stored body back.
//
// Every item of every scrape is hashed (20,000 pods of ~5 KB are ~6 million values). The canonical hash
// ignores key order: its text is canonicalJson's, JSON.stringify (native, far faster than building the text
// in JavaScript) of the value with keys sorted, where sorting copies only the objects whose keys are out of
// order. The text hash is of JSON.stringify as the keys come: a source sends the same item in the same
// order, so an equal text hash settles "unchanged" without the sorting walk, and only a differing one needs
// the canonical hash.

/** sha256 (hex) of a text; the one-shot function skips a Hash object per item. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/** sha256 (hex) of the canonical JSON of `value`: equal for structurally equal JSON values. */
export function canonicalHash(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/** sha256 (hex) of `value`'s JSON text with keys in their own order: equal texts are equal values. */
export function textHash(value: unknown): string {
  return sha256Hex(JSON.stringify(value) ?? 'null');
}
