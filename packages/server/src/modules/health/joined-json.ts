/** Text or bytes already encoded as UTF-8. */
export type Piece = string | Buffer;

/**
 * `prefix`, the rows separated by ',' (each row the concatenation of its pieces), then `suffix`, as UTF-8
 * written straight into one buffer of the exact size. For the 10 MB of a 10,000-check summary this is a
 * fraction of joining strings and encoding the result (each pass over 10 MB costs 40–80 ms on the 2-core
 * machine), and pieces kept as bytes are only copied.
 */
export function encodeJoined(prefix: string, rows: readonly (readonly Piece[])[], suffix: string): Buffer {
  let bytes = Buffer.byteLength(prefix) + Buffer.byteLength(suffix) + Math.max(rows.length - 1, 0);
  for (const row of rows) for (const p of row) bytes += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  const out = Buffer.allocUnsafe(bytes);
  let at = out.write(prefix, 0);
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ','
    for (const p of rows[i]!) at += typeof p === 'string' ? out.write(p, at) : p.copy(out, at);
  }
  out.write(suffix, at);
  return out;
}
