import { invalidRange, parseError } from '../errors.js';
import type { Filter, LogicTree, ParsedQuery, RangeSpec } from './ast.js';
import type { Cursor } from './cursor.js';
import { splitQuery } from './decode.js';
import { parseField, parseFieldName } from './field.js';
import { parseFilterExpr, parseLogicTree } from './filter.js';
import { hasOperator } from './operator.js';
import { parseOrder } from './order.js';
import { runParser } from './run.js';
import { parseSelect } from './select.js';

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

/** Options: names that are RPC arguments (always parameters, never filters). */
export interface QueryOptions {
  rpcArgs?: ReadonlySet<string>;
}

/**
 * Parse a raw query string with PostgREST's rules: reserved `select/columns/on_conflict`; `order`, `limit`,
 * `offset`, `and`, `or` (optionally under an embed path); filters are keys with a '.' or values with an operator.
 */
export function parseQuery(raw: string, opts: QueryOptions = {}): ParsedQuery {
  const pairs = splitQuery(raw).filter((p): p is [string, string] => p[1] !== undefined);
  const first = (k: string) => pairs.find((p) => p[0] === k)?.[1];
  const q: ParsedQuery = { select: parseSelect(first('select') ?? '*'), filters: [], logic: [], order: [], ranges: new Map(), params: [] };
  const columns = first('columns');
  if (columns !== undefined) q.columns = parseColumns('columns parameter', columns);
  const onConflict = first('on_conflict');
  if (onConflict !== undefined) q.onConflict = parseColumns('on_conflict parameter', onConflict);
  for (const [key, value] of pairs) {
    if (RESERVED.has(key)) continue;
    if (opts.rpcArgs?.has(key)) {
      q.params.push([key, value]);
      continue;
    }
    const segments = key.split('.');
    const last = segments[segments.length - 1]!;
    if (EMBEDDABLE.has(last)) {
      addEmbeddable(q, key, segments, last, value);
    } else if (key.includes('.') || hasOperator(value)) {
      q.filters.push(parseFilterParam(key, value));
    } else {
      q.params.push([key, value]);
    }
  }
  return q;
}

function addEmbeddable(q: ParsedQuery, key: string, segments: string[], last: string, value: string): void {
  if (last === 'order') {
    q.order.push({ path: treePath(key, segments.slice(0, -1)), terms: parseOrder(value) });
  } else if (last === 'limit' || last === 'offset') {
    const path = treePath(key, segments.slice(0, -1)).join('.');
    const r: RangeSpec = q.ranges.get(path) ?? { offset: 0 };
    const n = parseCount(last, value);
    if (last === 'limit') r.limit = n;
    else r.offset = n;
    q.ranges.set(path, r);
  } else {
    const negate = segments.length >= 2 && segments[segments.length - 2] === 'not';
    const path = treePath(key, segments.slice(0, negate ? -2 : -1));
    const tree: LogicTree = parseLogicTree(negate ? `not.${last}` : last, value);
    q.logic.push({ path, tree });
  }
}

function parseCount(what: 'limit' | 'offset', value: string): number {
  const v = value.trim();
  if (/^\d{1,15}$/.test(v)) return Number(v);
  if (what === 'limit' && /^-\d+$/.test(v)) throw invalidRange('Limit should be greater than or equal to zero.');
  throw parseError(
    `${what} parameter`,
    value,
    1,
    `unexpected ${JSON.stringify(value.slice(0, 1) || 'end of input')} expecting a non-negative integer`,
  );
}

/** Embed path segments must be plain names (PostgREST's pTreePath). */
function treePath(key: string, segments: string[]): string[] {
  for (const s of segments) {
    if (!s.trim()) throw parseError('tree path', key, 1, 'unexpected "." expecting field name (* or [a..z0..9_$])');
  }
  return segments.map((s) => s.trim());
}

/** `a.b.col->x` → path ['a','b'], field col->x; then the value's operator expression. */
function parseFilterParam(key: string, value: string): { path: string[]; filter: Filter } {
  const { path, field } = runParser('tree path', key, (c) => {
    const names: string[] = [];
    for (;;) {
      const save = c.pos;
      const name = parseFieldName(c);
      if (c.eat('.')) {
        names.push(name);
        continue;
      }
      c.pos = save;
      const f = parseField(c);
      if (!c.done) c.fail('delimiter (.), "->" or end of input');
      return { path: names, field: f };
    }
  });
  return { path, filter: { field, expr: parseFilterExpr(value) } };
}

function parseColumns(what: string, src: string): string[] {
  return runParser(what, src, (c: Cursor) => {
    const cols: string[] = [];
    for (;;) {
      c.skipWs();
      cols.push(parseFieldName(c));
      c.skipWs();
      if (c.done) return cols;
      if (!c.eat(',')) c.fail('"," or end of input');
    }
  });
}
