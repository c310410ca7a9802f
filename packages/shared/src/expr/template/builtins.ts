// Go text/template's predefined functions: and or not len index slice print printf println
// html js urlquery call eq ne lt le gt ge (and/or are short-circuited by the executor).
import { utf8Encode } from '../util/bytes.js';
import { goSprint, goSprintf, goSprintln } from '../util/go-format.js';
import { queryEscape } from '../util/text.js';
import { compareValues, isMapLike, kindOf, mapGet, toNumber, truthy } from '../util/values.js';
import type { TemplateFunc } from './values.js';

/** Go's eq for basic kinds: numbers by value, strings, bools, nil; anything else is an error. */
function basicEq(a: unknown, b: unknown): boolean {
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== undefined && nb !== undefined) return na === nb;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (Array.isArray(a) || isMapLike(a)) throw new Error(`non-comparable type ${kindOf(a)}`);
  throw new Error('incompatible types for comparison');
}

function ordered(a: unknown, b: unknown): number {
  if (a === null || a === undefined || b === null || b === undefined) throw new Error('invalid type for comparison');
  try {
    return compareValues(a, b);
  } catch {
    throw new Error('incompatible types for comparison');
  }
}

function index(item: unknown, ...keys: unknown[]): unknown {
  let v = item;
  for (const k of keys) {
    if (v === null || v === undefined) throw new Error('index of untyped nil');
    if (Array.isArray(v) || typeof v === 'string') {
      const i = toNumber(k);
      if (i === undefined || !Number.isInteger(i)) throw new Error(`cannot index slice/array with type ${kindOf(k)}`);
      if (i < 0 || i >= v.length) throw new Error(`index out of range: ${i}`);
      v = typeof v === 'string' ? utf8Encode(v)[i] : v[i];
    } else if (isMapLike(v)) v = mapGet(v, String(k));
    else throw new Error(`can't index item of type ${kindOf(v)}`);
  }
  return v;
}

function slice(item: unknown, ...idx: unknown[]): unknown {
  if (typeof item !== 'string' && !Array.isArray(item)) throw new Error(`can't slice item of type ${kindOf(item)}`);
  if (idx.length > 3 || (typeof item === 'string' && idx.length > 2)) throw new Error('too many slice indexes');
  const n = idx.map((x) => {
    const v = toNumber(x);
    if (v === undefined || !Number.isInteger(v)) throw new Error(`cannot index slice/array with type ${kindOf(x)}`);
    return v;
  });
  const [from = 0, to = item.length] = n;
  if (from < 0 || to < from || to > item.length) throw new Error(`index out of range: ${from}:${to}`);
  return item.slice(from, to);
}

const HTML: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&#34;', '\0': '\uFFFD' };

/** Go's JSEscapeString. */
function jsEscape(s: string): string {
  return [...s]
    .map((c) => (c === '\\' || c === "'" || c === '"' || c === '<' || c === '>' || c === '&' || c === '=' || c < ' ' ? jsEscapeChar(c) : c))
    .join('');
}

/** One escaped character: quotes and backslash with a backslash, the rest as \uXXXX. */
function jsEscapeChar(c: string): string {
  if (c === '\\' || c === "'" || c === '"') return `\\${c}`;
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Go's predefined template functions; `and`/`or` are placeholders the executor short-circuits. */
export const BUILTINS: Record<string, TemplateFunc> = {
  and: () => undefined,
  or: () => undefined,
  not: (v) => !truthy(v),
  len: (v) => {
    if (typeof v === 'string') return utf8Encode(v).length;
    if (Array.isArray(v)) return v.length;
    if (isMapLike(v)) return v instanceof Map ? v.size : Object.keys(v).length;
    throw new Error(`len of type ${kindOf(v)}`);
  },
  index,
  slice,
  print: (...a) => goSprint(a),
  printf: (format, ...a) => goSprintf(String(format), a),
  println: (...a) => goSprintln(a),
  html: (...a) => goSprint(a).replace(/[<>&'"\0]/g, (c) => HTML[c]!),
  js: (...a) => jsEscape(goSprint(a)),
  urlquery: (...a) => queryEscape(goSprint(a)),
  call: (fn, ...a) => {
    if (typeof fn !== 'function') throw new Error(`non-function of type ${kindOf(fn)}`);
    return (fn as TemplateFunc)(...a);
  },
  eq: (a, ...bs) => {
    if (bs.length === 0) throw new Error('missing argument for comparison');
    return bs.some((b) => basicEq(a, b));
  },
  ne: (a, b) => !basicEq(a, b),
  lt: (a, b) => ordered(a, b) < 0,
  le: (a, b) => ordered(a, b) <= 0,
  gt: (a, b) => ordered(a, b) > 0,
  ge: (a, b) => ordered(a, b) >= 0,
};
