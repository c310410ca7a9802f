import type { LogicTree, OpExpr } from './ast.js';
import { ParseFailure, type Cursor } from './cursor.js';
import { parseField, parseQuoted } from './field.js';
import { parseOpExpr } from './operator.js';
import { runParser } from './run.js';

const MAX_LOGIC_DEPTH = 16;

/** The value of a filter parameter, e.g. `not.in.(1,2)` in `id=not.in.(1,2)`. */
export function parseFilterExpr(value: string): OpExpr {
  return runParser('filter', value, (c) => {
    const expr = parseOpExpr(c, (cc) => cc.rest());
    if (!c.done) c.fail('end of input');
    return expr;
  });
}

/** A logic tree from `or=(a.eq.1,and(b.gt.2,c.is.null))`; `op` is 'or', 'and', 'not.or' or 'not.and'. */
export function parseLogicTree(op: string, value: string): LogicTree {
  return runParser('logic tree', value, (c) => {
    // Parse as if written `or(…)` so the root and nested groups share one grammar.
    const negate = op.startsWith('not.');
    const tree = group(c, negate ? 'not.' : '', negate ? (op.slice(4) as 'and' | 'or') : (op as 'and' | 'or'), 0);
    c.skipWs();
    if (!c.done) c.fail('end of input');
    return tree;
  });
}

function group(c: Cursor, _prefix: string, op: 'and' | 'or', depth: number): LogicTree {
  if (depth >= MAX_LOGIC_DEPTH) c.failWith(`logic trees are limited to ${MAX_LOGIC_DEPTH} levels`);
  c.skipWs();
  c.expect('(');
  const children = [node(c, depth + 1)];
  for (;;) {
    c.skipWs();
    if (!c.eat(',')) break;
    children.push(node(c, depth + 1));
  }
  c.skipWs();
  c.expect(')', '"," or ")"');
  return { kind: 'logic', op, negate: _prefix === 'not.', children };
}

function node(c: Cursor, depth: number): LogicTree {
  c.skipWs();
  const start = c.pos;
  let filterErr: ParseFailure | undefined;
  try {
    const field = parseField(c);
    c.expect('.', 'delimiter (.)');
    return { kind: 'filter', filter: { field, expr: parseOpExpr(c, logicValue) } };
  } catch (err) {
    if (!(err instanceof ParseFailure)) throw err;
    filterErr = err;
    c.pos = start;
  }
  try {
    const negate = c.eat('not.');
    const op = c.eat('and') ? 'and' : c.eat('or') ? 'or' : c.fail('field name, negation operator (not) or logic operator (and, or)');
    return group(c, negate ? 'not.' : '', op, depth);
  } catch (err) {
    // Report whichever reading got further: that is the one the caller most likely meant.
    if (err instanceof ParseFailure && filterErr.column > err.column) throw filterErr;
    throw err;
  }
}

/** A value inside a logic tree: quoted, a `{…}` array literal, or everything up to ',' or ')'. */
function logicValue(c: Cursor): string {
  if (c.peek() === '"') {
    const save = c.pos;
    const v = parseQuoted(c);
    if (c.done || c.peek() === ',' || c.peek() === ')') return v;
    c.pos = save;
  }
  if (c.peek() === '{') {
    const end = c.src.indexOf('}', c.pos);
    const inner = end < 0 ? '' : c.src.slice(c.pos + 1, end);
    if (end >= 0 && !inner.includes('{')) {
      const v = c.src.slice(c.pos, end + 1);
      c.pos = end + 1;
      return v;
    }
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.src.slice(start, c.pos);
}
