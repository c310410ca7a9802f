import {
  FTS_OPERATORS,
  SIMPLE_OPERATORS,
  type FtsOperator,
  type IsValue,
  type OpExpr,
  type Operation,
  type SimpleOperator,
} from './ast.js';
import type { Cursor } from './cursor.js';
import { parseIdentifier, parseQuoted } from './field.js';

const IS_VALUES: readonly IsValue[] = ['null', 'unknown', 'true', 'false'];
// Operators that take `(any)` / `(all)` with a `{…}` list, as in PostgREST.
const QUANTIFIABLE = new Set(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch']);

/** Whether a word is one of PostgREST's single-value operators. */
export const isSimpleOperator = (s: string): s is SimpleOperator => Object.hasOwn(SIMPLE_OPERATORS, s);
/** Whether a word is one of the full-text-search operators. */
export const isFtsOperator = (s: string): s is FtsOperator => Object.hasOwn(FTS_OPERATORS, s);

/** Reads the value after the operator: the rest of the input at top level, up to ',' or ')' in logic trees. */
export type ValueReader = (c: Cursor) => string;

/** `in.(a,"b,c",d)` → ['a', 'b,c', 'd']; `in.()` → []. */
export function parseList(c: Cursor): string[] {
  c.skipWs();
  c.expect('(');
  c.skipWs();
  const values: string[] = [];
  if (c.eat(')')) return values;
  for (;;) {
    values.push(listElement(c));
    if (c.eat(',')) continue;
    c.skipWs();
    c.expect(')', '"," or ")"');
    c.skipWs();
    return values;
  }
}

function listElement(c: Cursor): string {
  if (c.peek() === '"') {
    const save = c.pos;
    const v = parseQuoted(c);
    if (c.done || c.peek() === ',' || c.peek() === ')') return v;
    c.pos = save; // a quote inside an unquoted value: read it verbatim
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.src.slice(start, c.pos);
}

/** `[not.]op.value`, `[not.]in.(…)`, `[not.]is.null`, `[not.]fts(lang).value`, `eq(any).{…}`. */
export function parseOpExpr(c: Cursor, value: ValueReader): OpExpr {
  const negate = c.eat('not.');
  return { negate, operation: parseOperation(c, value) };
}

function parseOperation(c: Cursor, value: ValueReader): Operation {
  if (c.eat('in.')) return { kind: 'in', values: parseList(c) };
  if (c.eat('is.')) {
    const start = c.pos;
    const word =
      c.src
        .slice(start)
        .match(/^[a-zA-Z_]+/)?.[0]
        ?.toLowerCase() ?? '';
    const v = IS_VALUES.find((x) => x === word);
    if (!v) c.fail('null or trilean value (unknown, true, false)');
    c.pos += word.length;
    return { kind: 'is', value: v };
  }
  const opStart = c.pos;
  while (!c.done && c.peek() !== '.' && c.peek() !== '(') c.pos++;
  const op = c.src.slice(opStart, c.pos);
  let modifier: string | undefined;
  if (c.eat('(')) {
    modifier = c.peek() === ')' ? '' : parseIdentifier(c);
    c.expect(')');
  }
  if (c.done)
    c.failWith(
      op
        ? `unexpected end of input expecting delimiter (.) after operator ${op}`
        : 'unexpected end of input expecting operator (eq, gt, ...)',
      opStart,
    );
  if (isFtsOperator(op)) {
    if (modifier === '') c.failWith(`unknown fts operator ${op}()`, opStart);
    c.expect('.', 'delimiter (.)');
    return { kind: 'fts', op, language: modifier, value: value(c) };
  }
  if (!isSimpleOperator(op)) c.failWith(`unknown single value operator ${op}${modifier !== undefined ? `(${modifier})` : ''}`, opStart);
  if (modifier !== undefined && (!QUANTIFIABLE.has(op) || (modifier !== 'any' && modifier !== 'all')))
    c.failWith(`unknown modifier ${op}(${modifier}): (any) and (all) apply to eq, like, ilike, gt, gte, lt, lte, match, imatch`, opStart);
  c.expect('.', 'delimiter (.)');
  return { kind: 'op', op, value: value(c), quantifier: modifier as 'any' | 'all' | undefined };
}

/** Whether a raw parameter value looks like a filter (PostgREST's rule for telling filters from RPC args). */
export function hasOperator(value: string): boolean {
  const parts = value.split('.');
  const first = parts[0] ?? '';
  if (first === 'not' && parts.length >= 2) return true;
  if (first === 'is' || first === 'in') return parts.length >= 2;
  const bare = first.replace(/\((any|all|[\p{L}\p{N}_ $]*)\)$/u, '');
  if (parts.length >= 2 && (isSimpleOperator(bare) || isFtsOperator(bare))) return true;
  const paren = value.split('(');
  return paren.length >= 2 && isFtsOperator(paren[0] ?? '');
}
