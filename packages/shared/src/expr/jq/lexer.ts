// Tokens of the jq language (the subset gojq users write in Flanksource specs).
import { ExprError, positionAt } from '../errors.js';

export type JqTokenKind = 'num' | 'str' | 'ident' | 'field' | 'var' | 'format' | 'op' | 'eof';

export interface JqToken {
  kind: JqTokenKind;
  value: string;
  pos: number;
  /** For strings: literal parts and interpolated sources, alternating (text, expr, text, ...). */
  parts?: { text: string[]; exprs: { src: string; pos: number }[] };
}

const OPS = [
  '?//=',
  '|=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '//=',
  '==',
  '!=',
  '<=',
  '>=',
  '//',
  '..',
  '?//',
  '|',
  ',',
  '+',
  '-',
  '*',
  '/',
  '%',
  '=',
  '<',
  '>',
  '.',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  ':',
  ';',
  '?',
];
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*/;

/** Reads a string literal starting at `start` (a '"'), splitting out \( ... ) interpolations. */
function readString(src: string, start: number): { end: number; text: string[]; exprs: { src: string; pos: number }[] } {
  const text: string[] = [''];
  const exprs: { src: string; pos: number }[] = [];
  let i = start + 1;
  const esc: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
  while (i < src.length) {
    const c = src[i]!;
    if (c === '"') return { end: i + 1, text, exprs };
    if (c === '\\') {
      const n = src[i + 1];
      if (n === '(') {
        let depth = 1;
        let j = i + 2;
        while (j < src.length && depth > 0) {
          if (src[j] === '(') depth++;
          else if (src[j] === ')') depth--;
          else if (src[j] === '"') j = readString(src, j).end - 1;
          j++;
        }
        if (depth > 0) break;
        exprs.push({ src: src.slice(i + 2, j - 1), pos: i + 2 });
        text.push('');
        i = j;
        continue;
      }
      if (n === 'u') {
        text[text.length - 1] = text.at(-1)! + String.fromCharCode(parseInt(src.slice(i + 2, i + 6), 16));
        i += 6;
        continue;
      }
      if (n === undefined || !(n in esc)) throw new ExprError('jq', `invalid escape "\\${n ?? ''}" in string`, positionAt(src, i));
      text[text.length - 1] = text.at(-1)! + esc[n]!;
      i += 2;
      continue;
    }
    text[text.length - 1] = text.at(-1)! + c;
    i++;
  }
  throw new ExprError('jq', 'unterminated string literal', positionAt(src, start));
}

/** Splits jq source into tokens; comments (#...) and whitespace are dropped. */
export function lexJq(src: string): JqToken[] {
  const out: JqToken[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const rest = src.slice(i);
    const num = /^\d+(?:\.\d*)?(?:[eE][+-]?\d+)?/.exec(rest);
    if (num) {
      out.push({ kind: 'num', value: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    if (c === '"') {
      const s = readString(src, i);
      out.push({ kind: 'str', value: s.text.join(''), pos: i, parts: { text: s.text, exprs: s.exprs } });
      i = s.end;
      continue;
    }
    if (c === '$') {
      const m = IDENT.exec(rest.slice(1));
      if (!m) throw new ExprError('jq', 'expected a variable name after $', positionAt(src, i));
      out.push({ kind: 'var', value: m[0], pos: i });
      i += 1 + m[0].length;
      continue;
    }
    if (c === '@') {
      const m = /^[A-Za-z0-9]+/.exec(rest.slice(1));
      if (!m) throw new ExprError('jq', 'expected a format name after @', positionAt(src, i));
      out.push({ kind: 'format', value: m[0], pos: i });
      i += 1 + m[0].length;
      continue;
    }
    if (c === '.' && /^\.[A-Za-z_]/.test(rest)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest.slice(1))!;
      out.push({ kind: 'field', value: m[0], pos: i });
      i += 1 + m[0].length;
      continue;
    }
    const ident = IDENT.exec(rest);
    if (ident) {
      const word = ident[0];
      out.push({ kind: word === 'and' || word === 'or' ? 'op' : 'ident', value: word, pos: i });
      i += word.length;
      continue;
    }
    const op = OPS.find((o) => rest.startsWith(o));
    if (!op) throw new ExprError('jq', `unexpected character ${JSON.stringify(c)}`, positionAt(src, i));
    out.push({ kind: 'op', value: op, pos: i });
    i += op.length;
  }
  out.push({ kind: 'eof', value: '', pos: src.length });
  return out;
}
