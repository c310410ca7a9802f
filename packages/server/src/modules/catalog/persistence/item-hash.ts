import { createHash } from 'node:crypto';
import { canonicalJson } from '../engine/changes/canonical-json.js';

// A stable fingerprint of an item as scraped (body and attributes), so an unchanged item is recognised
// without reading its stored body back. Key order never matters; undefined members are dropped.
//
// Every item of every scrape is hashed (20,000 pods of ~5 KB are ~6 million values). The canonical text is
// canonicalJson's: JSON.stringify (native, far faster than building the text in JavaScript) of the value with
// keys sorted, where sorting copies only the objects whose keys are out of order.

/** sha256 (hex) of the canonical JSON of `value`: equal for structurally equal JSON values. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
