/**
 * `prefix + parts.join(',') + suffix` as UTF-8 bytes, written straight into one buffer of the exact size.
 * For the 10 MB of a 10,000-check summary this is about a third of the time of joining the strings and
 * encoding the result (each pass over 10 MB costs 40–80 ms on the 2-core machine).
 */
export function encodeJoined(prefix: string, parts: readonly string[], suffix: string): Buffer {
  let bytes = Buffer.byteLength(prefix) + Buffer.byteLength(suffix) + Math.max(parts.length - 1, 0);
  for (const p of parts) bytes += Buffer.byteLength(p);
  const out = Buffer.allocUnsafe(bytes);
  let at = out.write(prefix, 0);
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ','
    at += out.write(parts[i]!, at);
  }
  out.write(suffix, at);
  return out;
}
