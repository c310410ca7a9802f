// jq's @format strings: @json @text @csv @tsv @html @uri @sh @base64 @base64d @base32 @base32d.
import { base64Decode, base64Encode, utf8Decode, utf8Encode } from '../util/bytes.js';
import { JqRuntimeError } from './runtime.js';
import { jqType, type Json } from './values.js';

const text = (v: Json) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Applies a named format to a value. */
export function applyFormat(name: string, v: Json): Json {
  switch (name) {
    case 'text':
      return text(v);
    case 'json':
      return JSON.stringify(v);
    case 'html':
      return text(v).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);
    case 'uri':
      return encodeURIComponent(text(v)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    case 'base64':
      return base64Encode(utf8Encode(text(v)));
    case 'base64d':
      return utf8Decode(base64Decode(text(v)));
    case 'base32':
      return base32Encode(utf8Encode(text(v)));
    case 'base32d':
      return utf8Decode(base32Decode(text(v)));
    case 'csv':
    case 'tsv': {
      if (!Array.isArray(v)) throw new JqRuntimeError(`${jqType(v)} cannot be ${name}-formatted, only an array can be`);
      return v
        .map((x) => {
          if (typeof x === 'string')
            return name === 'csv'
              ? `"${x.replaceAll('"', '""')}"`
              : x.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
          if (x === null) return '';
          if (typeof x === 'object') throw new JqRuntimeError(`${jqType(x)} is not valid in a csv row`);
          return String(x);
        })
        .join(name === 'csv' ? ',' : '\t');
    }
    case 'sh': {
      const quote = (x: Json) => {
        if (x !== null && typeof x === 'object') throw new JqRuntimeError(`${jqType(x)} can not be escaped for shell`);
        return typeof x === 'string' ? `'${x.replaceAll("'", `'\\''`)}'` : String(x);
      };
      return Array.isArray(v) ? v.map(quote).join(' ') : quote(v);
    }
    default:
      throw new JqRuntimeError(`${name} is not a valid format`);
  }
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

// RFC 4648 base32 with '=' padding to a multiple of 8 characters.
function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let acc = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) out += B32[(acc >>> (bits -= 5)) & 31];
  }
  if (bits > 0) out += B32[(acc << (5 - bits)) & 31];
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=');
}

function base32Decode(s: string): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let acc = 0;
  for (const c of s.replace(/=+$/, '')) {
    const i = B32.indexOf(c.toUpperCase());
    if (i < 0) throw new JqRuntimeError(`${JSON.stringify(s)} is not valid base32 data`);
    acc = ((acc << 5) | i) & 0xfff;
    bits += 5;
    if (bits >= 8) out.push((acc >>> (bits -= 8)) & 0xff);
  }
  return Uint8Array.from(out);
}
