// jq's @format strings: @json @text @csv @tsv @html @uri @sh @base64 @base64d.
import { base64Decode, base64Encode, utf8Decode, utf8Encode } from '../util/bytes.js';
import { JqRuntimeError } from './eval.js';
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
