import type { Field, JsonOp } from './ast.js';
import type { Cursor } from './cursor.js';

const FIELD_NAME = 'field name (* or [a..z0..9_$])';
// PostgREST identifiers: letters, digits, '_', ' ' and '$' (spaces are trimmed away).
const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;
const INDEX = /-?\d+/y;

function identChars(c: Cursor): string {
  const start = c.pos;
  while (!c.done) {
    const cp = c.src.codePointAt(c.pos)!;
    const ch = String.fromCodePoint(cp);
    if (!IDENT_CHAR.test(ch)) break;
    c.pos += ch.length;
  }
  return c.src.slice(start, c.pos);
}

/** A double-quoted value with backslash escapes: `"a,b"` → `a,b`. */
export function parseQuoted(c: Cursor): string {
  const start = c.pos;
  c.expect('"');
  let out = '';
  for (;;) {
    if (c.done) c.failWith('unexpected end of input expecting closing quote (")', start);
    const ch = c.peek();
    c.pos++;
    if (ch === '"') return out;
    if (ch === '\\') {
      if (c.done) c.fail('escaped character');
      out += c.peek();
      c.pos++;
    } else out += ch;
  }
}

/** A column, relation or alias name: a quoted value, or identifiers joined by '-' (not '->'). */
export function parseFieldName(c: Cursor): string {
  if (c.peek() === '"') return parseQuoted(c);
  const parts: string[] = [];
  for (;;) {
    const part = identChars(c);
    if (!part) c.fail(FIELD_NAME);
    parts.push(part);
    if (c.peek() === '-' && c.peek(1) !== '>') {
      c.pos++;
      continue;
    }
    break;
  }
  const name = parts.join('-').trim();
  if (!name) c.fail(FIELD_NAME);
  return name;
}

/** An identifier for casts and text-search languages: letters, digits, '_', ' ', '$'. */
export function parseIdentifier(c: Cursor, expecting = 'letter or digit'): string {
  const id = identChars(c).trim();
  if (!id) c.fail(expecting);
  return id;
}

function atPathEnd(c: Cursor, i: number): boolean {
  const s = c.src;
  return i >= s.length || s.startsWith('->', i) || s.startsWith('::', i) || s[i] === '.' || s[i] === ',' || s[i] === ')';
}

/** Zero or more `->key`, `->>key`, `->0` steps. */
export function parseJsonPath(c: Cursor): JsonOp[] {
  const ops: JsonOp[] = [];
  for (;;) {
    let arrow: JsonOp['arrow'];
    if (c.eat('->>')) arrow = '->>';
    else if (c.eat('->')) arrow = '->';
    else return ops;
    INDEX.lastIndex = c.pos;
    const m = INDEX.exec(c.src);
    if (m && atPathEnd(c, c.pos + m[0].length)) {
      c.pos += m[0].length;
      ops.push({ arrow, key: m[0], index: true });
    } else {
      ops.push({ arrow, key: parseFieldName(c), index: false });
    }
  }
}

/** A field: optional spaces, a name, an optional JSON path, optional spaces. */
export function parseField(c: Cursor): Field {
  c.skipWs();
  const name = parseFieldName(c);
  const json = parseJsonPath(c);
  c.skipWs();
  return { name, json };
}
