import { createHash } from 'node:crypto';

// A stable fingerprint of an item as scraped (body and attributes), so an unchanged item is recognised
// without reading its stored body back. Key order never matters; undefined members are dropped.

function write(value: unknown, out: string[]): void {
  if (value === null || value === undefined) {
    out.push('null');
  } else if (Array.isArray(value)) {
    out.push('[');
    value.forEach((v, i) => {
      if (i > 0) out.push(',');
      write(v, out);
    });
    out.push(']');
  } else if (typeof value === 'object') {
    out.push('{');
    let first = true;
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      if (!first) out.push(',');
      first = false;
      out.push(JSON.stringify(key), ':');
      write(v, out);
    }
    out.push('}');
  } else {
    out.push(JSON.stringify(value) ?? 'null');
  }
}

/** sha256 (hex) of the canonical JSON of `value`: equal for structurally equal JSON values. */
export function canonicalHash(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return createHash('sha256').update(out.join('')).digest('hex');
}
