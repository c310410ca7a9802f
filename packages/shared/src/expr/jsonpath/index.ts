// JSONPath over plain data, as config-db uses it for ids, names, masks and exclusions
// ("$.metadata.name", ".spec.dnsNames", "$..['password','token'].value"). Wraps jsonpath-plus.
import { JSONPath } from 'jsonpath-plus';
import { ExprError } from '../errors.js';
import { toJqValue } from '../jq/values.js';
import { isPlainObject } from '../util/values.js';

const QUOTED_UNION = /\[\s*((?:'[^',[\]]*'|"[^",[\]]*")(?:\s*,\s*(?:'[^',[\]]*'|"[^",[\]]*"))+)\s*\]/g;

/**
 * Accepts config-db's short forms (".a.b" and "a.b" mean "$.a.b"; "[0]" means "$[0]") and
 * rewrites quoted name unions (['a','b']) into the [a,b] form jsonpath-plus understands.
 */
export function normalizeJsonPath(path: string): string {
  let p = path.trim();
  if (p === '') throw new ExprError('jsonpath', 'empty path');
  if (!p.startsWith('$')) p = p.startsWith('.') || p.startsWith('[') ? `$${p}` : `$.${p}`;
  return p.replace(
    QUOTED_UNION,
    (_, names: string) =>
      `[${names
        .split(',')
        .map((n) => n.trim().slice(1, -1))
        .join(',')}]`,
  );
}

/**
 * String methods a filter script may call: each runs in linear time and allocates at most its input.
 * Everything else is refused, because jsonpath-plus's scripts call methods of JavaScript values directly:
 * `@.name.match(/^(a+)+$/)` would run on the backtracking RegExp (50 s for 30 characters) and
 * `'a'.repeat(1e9)` would exhaust memory.
 */
const SAFE_FILTER_METHODS = new Set(['includes', 'startsWith', 'endsWith', 'indexOf', 'toLowerCase', 'toUpperCase', 'trim']);

/** Refuses a call in a filter script unless it is `.method(` of the safe list; `before` is the text before `(`. */
function checkCall(before: string, path: string): void {
  const callee = /(?:\.\s*([A-Za-z_$][\w$]*)|([\w$\])]))\s*$/.exec(before);
  if (!callee) return; // `?(`, `[(`, `((` or an operator: grouping, not a call
  if (callee[1] !== undefined && SAFE_FILTER_METHODS.has(callee[1])) return;
  const name = callee[1] ?? before.trimEnd().slice(-20);
  throw new ExprError(
    'jsonpath',
    `filter calls ${JSON.stringify(name)} in ${JSON.stringify(path)}: filters may compare values and call only ` +
      `${[...SAFE_FILTER_METHODS].join(', ')} (regular expressions belong in CEL matches(), which runs in linear time)`,
  );
}

/**
 * Catches the syntax mistakes jsonpath-plus would silently accept (unbalanced brackets or quotes) and
 * refuses filter scripts that call anything but the safe string methods.
 */
export function validateJsonPath(path: string): void {
  const p = normalizeJsonPath(path);
  let depth = 0;
  let quote = '';
  let unquoted = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '(') checkCall(unquoted, path);
    unquoted += c === "'" || c === '"' ? '0' : c;
    if (c === "'" || c === '"') quote = c;
    else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') {
      depth--;
      if (depth < 0) throw new ExprError('jsonpath', `unexpected '${c}' at position ${i + 1} in ${JSON.stringify(path)}`);
    }
  }
  if (quote) throw new ExprError('jsonpath', `unterminated quote in ${JSON.stringify(path)}`);
  if (depth !== 0) throw new ExprError('jsonpath', `unbalanced brackets in ${JSON.stringify(path)}`);
  if (/\.\.\.|\.$/.test(p)) throw new ExprError('jsonpath', `path ends with or repeats '.' in ${JSON.stringify(path)}`);
}

/** "$.a.b.c" with plain names only: the form nearly every id, name and field path of a scraper takes. */
const DOTTED = /^\$(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;

/**
 * Walks a dotted path without jsonpath-plus (which compiles and traces each call), with its semantics
 * on plain data: own properties only, and nothing for a missing or undefined key. `undefined` when the
 * path or the data needs the general engine (short forms, other shapes, primitives or maps on the way).
 */
function dottedPathValues(path: string, data: unknown): unknown[] | undefined {
  if (!DOTTED.test(path)) return undefined;
  let cur = data;
  let start = 2;
  while (start <= path.length) {
    const end = path.indexOf('.', start);
    const key = path.slice(start, end === -1 ? path.length : end);
    if (cur === null || typeof cur !== 'object' || !(Array.isArray(cur) || isPlainObject(cur))) return undefined;
    const next = Object.hasOwn(cur, key) ? (cur as Record<string, unknown>)[key] : undefined;
    if (next === undefined) return [];
    cur = next;
    start = end === -1 ? path.length + 1 : end + 1;
  }
  return [isPlainJson(cur) ? cur : toJqValue(cur)];
}

/** True when `v` is JSON as parsed (no dates, big integers, maps, bytes or undefined inside). */
function isPlainJson(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return true;
  if (typeof v !== 'object') return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (v[i] === undefined || !isPlainJson(v[i])) return false;
    return true;
  }
  if (!isPlainObject(v)) return false;
  for (const k in v) if (Object.hasOwn(v, k) && !isPlainJson(v[k])) return false;
  return true;
}

interface Match {
  value: unknown;
  pointer: string;
  parent: unknown;
  parentProperty: string | number;
}

/** Runs a path and returns jsonpath-plus's full result objects. */
function run(path: string, data: unknown): Match[] {
  validateJsonPath(path);
  try {
    const out = JSONPath({ path: normalizeJsonPath(path), json: data as object, wrap: true, eval: 'safe', resultType: 'all' }) as unknown;
    return Array.isArray(out) ? (out as Match[]) : [];
  } catch (e) {
    throw new ExprError('jsonpath', `${(e as Error).message} in ${JSON.stringify(path)}`);
  }
}

/** All values the path selects (plain JSON values; dates, big integers and maps are converted). */
export function queryJsonPath(path: string, data: unknown): unknown[] {
  const direct = dottedPathValues(path, data);
  if (direct) return direct;
  // Converting copies the whole document; scraped documents are plain JSON already, so only copy when needed.
  return run(path, isPlainJson(data) ? data : toJqValue(data)).map((m) => m.value);
}

/** The first value the path selects, or undefined. */
export function jsonPathFirst(path: string, data: unknown): unknown {
  return queryJsonPath(path, data)[0];
}

/** Marker returned by an update callback to delete the matched key. */
export const DELETE = Symbol('jsonpath.delete');

/**
 * A copy of `data` with every match of `path` replaced by `update(value)` (or removed when it
 * returns DELETE): config-db's mask and exclude transforms.
 */
export function updateJsonPath(data: unknown, path: string, update: (value: unknown) => unknown): unknown {
  const copy = toJqValue(data) as unknown;
  const matches = run(path, copy).reverse();
  let root = copy;
  for (const m of matches) {
    const next = update(m.value);
    if (m.parent === null || m.parent === undefined) {
      root = next === DELETE ? null : next;
      continue;
    }
    const parent = m.parent as Record<string | number, unknown>;
    if (next !== DELETE) parent[m.parentProperty] = next;
    else if (Array.isArray(parent)) parent.splice(Number(m.parentProperty), 1);
    else delete parent[m.parentProperty];
  }
  return root;
}
