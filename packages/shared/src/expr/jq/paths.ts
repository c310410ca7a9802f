// Path expressions: which locations a filter like `.a[].b | select(.x)` points at, for `|=`, `=`,
// `+=`, del(), path(), paths and friends.
import type { JqNode } from './ast.js';
import { arith } from './arithmetic.js';
import { first, iterate, JqRuntimeError, type JqContext } from './runtime.js';
import { jqCompare, jqTruthy, jqType, type Json } from './values.js';

export type JqPath = (string | number)[];

/** Every [path, value] a path expression selects in `input`. */
export function evalPaths(node: JqNode, input: Json, ctx: JqContext): [JqPath, Json][] {
  ctx.budget.spend();
  switch (node.t) {
    case 'identity':
      return [[[], input]];
    case 'recurse': {
      const out: [JqPath, Json][] = [];
      const walk = (p: JqPath, v: Json) => {
        ctx.budget.spend();
        out.push([p, v]);
        if (Array.isArray(v)) v.forEach((x, i) => walk([...p, i], x));
        else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk([...p, k], x);
      };
      walk([], input);
      return out;
    }
    case 'field':
    case 'index':
      return guard(node.opt, () =>
        evalPaths(node.target, input, ctx).flatMap(([p, v]) =>
          ctx.evaluate(node.t === 'field' ? node.name : node.index, input, ctx).map((k): [JqPath, Json] => {
            if (typeof k !== 'string' && typeof k !== 'number') throw new JqRuntimeError(`Cannot index ${jqType(v)} with ${jqType(k)}`);
            return [[...p, k], getpath(v, [k])];
          }),
        ),
      );
    case 'iterate':
      return guard(node.opt, () =>
        evalPaths(node.target, input, ctx).flatMap(([p, v]) => {
          const items = iterate(v);
          const keys = Array.isArray(v) ? items.map((_, i) => i) : Object.keys(v as object);
          return items.map((x, i): [JqPath, Json] => [[...p, keys[i]!], x]);
        }),
      );
    case 'pipe':
      return evalPaths(node.left, input, ctx).flatMap(([p, v]) =>
        evalPaths(node.right, v, ctx).map(([q, w]): [JqPath, Json] => [[...p, ...q], w]),
      );
    case 'comma':
      return [...evalPaths(node.left, input, ctx), ...evalPaths(node.right, input, ctx)];
    case 'if':
      return ctx
        .evaluate(node.cond, input, ctx)
        .flatMap((c) => (jqTruthy(c) ? evalPaths(node.then, input, ctx) : node.else ? evalPaths(node.else, input, ctx) : [[[], input]]));
    case 'try':
      return guard(true, () => evalPaths(node.body, input, ctx));
    case 'binop':
      if (node.op === '//') {
        const left = guard(true, () => evalPaths(node.left, input, ctx)).filter(([, v]) => jqTruthy(v));
        return left.length > 0 ? left : evalPaths(node.right, input, ctx);
      }
      break;
    case 'call':
      if (node.name === 'empty' && node.args.length === 0) return [];
      if (node.name === 'select' && node.args.length === 1)
        return ctx
          .evaluate(node.args[0]!, input, ctx)
          .filter(jqTruthy)
          .map((): [JqPath, Json] => [[], input]);
      if (node.name === 'recurse' && node.args.length === 0) return evalPaths({ t: 'recurse', pos: node.pos }, input, ctx);
      if ((node.name === 'first' || node.name === 'last') && node.args.length === 1) {
        const all = evalPaths(node.args[0]!, input, ctx);
        const pick = node.name === 'first' ? all[0] : all.at(-1);
        return pick ? [pick] : [];
      }
      if (node.name === 'getpath' && node.args.length === 1) {
        return ctx.evaluate(node.args[0]!, input, ctx).map((p): [JqPath, Json] => [p as JqPath, getpath(input, p as JqPath)]);
      }
      break;
  }
  throw new JqRuntimeError(`Invalid path expression: ${node.t === 'call' ? node.name : node.t}`);
}

function guard(opt: boolean, fn: () => [JqPath, Json][]): [JqPath, Json][] {
  if (!opt) return fn();
  try {
    return fn();
  } catch (e) {
    if (e instanceof JqRuntimeError) return [];
    throw e;
  }
}

/** Value at a path (null where the path leaves the data). */
export function getpath(v: Json, path: JqPath): Json {
  let cur = v;
  for (const k of path) {
    if (cur === null) return null;
    if (typeof k === 'number' && Array.isArray(cur)) cur = cur[k < 0 ? cur.length + k : k] ?? null;
    else if (typeof k === 'string' && typeof cur === 'object' && !Array.isArray(cur)) cur = Object.hasOwn(cur, k) ? cur[k]! : null;
    else throw new JqRuntimeError(`Cannot index ${jqType(cur)} with ${typeof k === 'string' ? JSON.stringify(k) : 'number'}`);
  }
  return cur;
}

/** A copy of `v` with the value at `path` replaced, creating objects/arrays on the way. */
export function setpath(v: Json, path: JqPath, value: Json): Json {
  if (path.length === 0) return value;
  const [k, ...rest] = path as [string | number, ...JqPath];
  if (typeof k === 'number') {
    if (v !== null && !Array.isArray(v)) throw new JqRuntimeError(`Cannot index ${jqType(v)} with number`);
    const arr = [...((v as Json[] | null) ?? [])];
    const i = k < 0 ? arr.length + k : k;
    if (i < 0) throw new JqRuntimeError('Out of bounds negative array index');
    if (i > 100_000) throw new JqRuntimeError('Array index too large');
    while (arr.length < i) arr.push(null);
    arr[i] = setpath(arr[i] ?? null, rest, value);
    return arr;
  }
  if (v !== null && (typeof v !== 'object' || Array.isArray(v)))
    throw new JqRuntimeError(`Cannot index ${jqType(v)} with ${JSON.stringify(k)}`);
  const obj = { ...((v as Record<string, Json> | null) ?? {}) };
  obj[k] = setpath(Object.hasOwn(obj, k) ? obj[k]! : null, rest, value);
  return obj;
}

/** A copy of `v` without the values at `paths` (deepest and last first, so indexes stay valid). */
export function delpaths(v: Json, paths: JqPath[]): Json {
  const sorted = [...paths].sort((a, b) => jqCompare(b, a));
  let out = v;
  for (const p of sorted) out = delpath(out, p);
  return out;
}

function delpath(v: Json, path: JqPath): Json {
  if (path.length === 0) return null;
  if (v === null) return null;
  const [k, ...rest] = path as [string | number, ...JqPath];
  if (Array.isArray(v) && typeof k === 'number') {
    const i = k < 0 ? v.length + k : k;
    if (i < 0 || i >= v.length) return v;
    return rest.length === 0 ? v.filter((_, j) => j !== i) : v.map((x, j) => (j === i ? delpath(x, rest) : x));
  }
  if (typeof v === 'object' && !Array.isArray(v) && typeof k === 'string') {
    if (!Object.hasOwn(v, k)) return v;
    const obj = { ...v };
    if (rest.length === 0) delete obj[k];
    else obj[k] = delpath(obj[k]!, rest);
    return obj;
  }
  throw new JqRuntimeError(`Cannot delete field at ${JSON.stringify(k)} of ${jqType(v)}`);
}

/** `lhs |= f`, `lhs = rhs`, `lhs += rhs` and the other update-assignments. */
export function assignPaths(node: Extract<JqNode, { t: 'assign' }>, input: Json, ctx: JqContext): Json[] {
  const paths = evalPaths(node.left, input, ctx).map(([p]) => p);
  if (node.op === '|=') {
    let out = input;
    for (const p of paths) {
      const next = ctx.evaluate(node.right, getpath(out, p), ctx);
      out = next.length === 0 ? delpaths(out, [p]) : setpath(out, p, next[0]!);
    }
    return [out];
  }
  return ctx.evaluate(node.right, input, ctx).map((rhs) => {
    let out = input;
    for (const p of paths) {
      const cur = getpath(out, p);
      const val = node.op === '=' ? rhs : node.op === '//=' ? (jqTruthy(cur) ? cur : rhs) : arith(node.op.slice(0, -1), cur, rhs);
      out = setpath(out, p, val);
    }
    return out;
  });
}

/** `path(f)` outputs. */
export function pathsOf(node: JqNode, input: Json, ctx: JqContext): Json[] {
  return evalPaths(node, input, ctx).map(([p]) => p);
}

export { first };
