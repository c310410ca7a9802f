// jq evaluator: every filter maps one input to a list of outputs (jq's streams, materialised).
import type { StepBudget } from '../errors.js';
import type { JqNode } from './ast.js';
import { callBuiltin } from './builtins.js';
import { applyFormat } from './formats.js';
import { assignPaths } from './paths.js';
import { jqCompare, jqShow, jqTruthy, jqType, type Json } from './values.js';

/** A jq runtime error; `try` catches these and `?` drops them. */
export class JqRuntimeError extends Error {
  constructor(
    message: string,
    readonly value: Json = message,
  ) {
    super(message);
    this.name = 'JqRuntimeError';
  }
}

export interface JqContext {
  vars: Map<string, Json>;
  budget: StepBudget;
}

/** Runs a filter against one input. */
export function evalJq(node: JqNode, input: Json, ctx: JqContext): Json[] {
  ctx.budget.spend();
  switch (node.t) {
    case 'identity':
      return [input];
    case 'recurse':
      return recurseAll(input, ctx);
    case 'literal':
      return [node.value as Json];
    case 'var': {
      if (!ctx.vars.has(node.name)) throw new JqRuntimeError(`$${node.name} is not defined`);
      return [ctx.vars.get(node.name)!];
    }
    case 'field':
    case 'index':
      return optional(node.opt, () =>
        evalJq(node.target, input, ctx).flatMap((t) =>
          evalJq(node.t === 'field' ? node.name : node.index, input, ctx).map((k) => indexValue(t, k)),
        ),
      );
    case 'slice':
      return optional(node.opt, () =>
        evalJq(node.target, input, ctx).map((t) =>
          sliceValue(t, node.from ? first(node.from, input, ctx) : null, node.to ? first(node.to, input, ctx) : null),
        ),
      );
    case 'iterate':
      return optional(node.opt, () => evalJq(node.target, input, ctx).flatMap(iterate));
    case 'string':
      return interpolate(node, input, ctx);
    case 'format':
      return [applyFormat(node.name, input)];
    case 'array':
      return [node.body ? evalJq(node.body, input, ctx) : []];
    case 'object':
      return buildObjects(node.entries, input, ctx);
    case 'pipe':
      return evalJq(node.left, input, ctx).flatMap((v) => evalJq(node.right, v, ctx));
    case 'comma':
      return [...evalJq(node.left, input, ctx), ...evalJq(node.right, input, ctx)];
    case 'neg':
      return evalJq(node.expr, input, ctx).map((v) => {
        if (typeof v !== 'number') throw new JqRuntimeError(`${jqType(v)} (${jqShow(v)}) cannot be negated`);
        return -v;
      });
    case 'binop':
      return binop(node.op, node.left, node.right, input, ctx);
    case 'as':
      return evalJq(node.source, input, ctx).flatMap((v) => withVar(ctx, node.name, v, () => evalJq(node.body, input, ctx)));
    case 'if':
      return evalJq(node.cond, input, ctx).flatMap((c) =>
        jqTruthy(c) ? evalJq(node.then, input, ctx) : node.else ? evalJq(node.else, input, ctx) : [input],
      );
    case 'try':
      try {
        return evalJq(node.body, input, ctx);
      } catch (e) {
        if (!(e instanceof JqRuntimeError)) throw e;
        return node.catch ? evalJq(node.catch, e.value, ctx) : [];
      }
    case 'reduce':
      return evalJq(node.init, input, ctx).map((init) =>
        evalJq(node.source, input, ctx).reduce<Json>(
          (acc, v) => withVar(ctx, node.name, v, () => evalJq(node.update, acc, ctx).at(-1) ?? null),
          init,
        ),
      );
    case 'foreach':
      return evalJq(node.init, input, ctx).flatMap((init) => {
        let acc = init;
        return evalJq(node.source, input, ctx).flatMap((v) =>
          withVar(ctx, node.name, v, () =>
            evalJq(node.update, acc, ctx).flatMap((next) => {
              acc = next;
              return node.extract ? evalJq(node.extract, next, ctx) : [next];
            }),
          ),
        );
      });
    case 'assign':
      return assignPaths(node, input, ctx);
    case 'call':
      return callBuiltin(node, input, ctx);
  }
}

/** The first output of a filter, or an error when it has none. */
export function first(node: JqNode, input: Json, ctx: JqContext): Json {
  const out = evalJq(node, input, ctx);
  if (out.length === 0) throw new JqRuntimeError('expression produced no value');
  return out[0]!;
}

/** Runs `fn` with `$name` bound to `value`, restoring the previous binding afterwards. */
export function withVar<T>(ctx: JqContext, name: string, value: Json, fn: () => T): T {
  const had = ctx.vars.has(name);
  const prev = ctx.vars.get(name);
  ctx.vars.set(name, value);
  try {
    return fn();
  } finally {
    if (had) ctx.vars.set(name, prev!);
    else ctx.vars.delete(name);
  }
}

function optional(opt: boolean, fn: () => Json[]): Json[] {
  if (!opt) return fn();
  try {
    return fn();
  } catch (e) {
    if (e instanceof JqRuntimeError) return [];
    throw e;
  }
}

/** `.[k]` on objects, arrays (negative indexes count from the end) and null. */
export function indexValue(t: Json, k: Json): Json {
  if (t === null) return null;
  if (typeof k === 'string' && typeof t === 'object' && !Array.isArray(t)) return Object.hasOwn(t, k) ? t[k]! : null;
  if (typeof k === 'number' && Array.isArray(t)) {
    const i = Math.floor(k < 0 ? t.length + k : k);
    return i >= 0 && i < t.length ? t[i]! : null;
  }
  if (k !== null && typeof k === 'object' && !Array.isArray(k) && Array.isArray(t))
    return sliceValue(t, (k as Record<string, Json>).start ?? null, (k as Record<string, Json>).end ?? null);
  throw new JqRuntimeError(`Cannot index ${jqType(t)} with ${typeof k === 'string' ? JSON.stringify(k) : jqType(k)}`);
}

function sliceValue(t: Json, from: Json, to: Json): Json {
  if (t === null) return null;
  if (typeof t !== 'string' && !Array.isArray(t)) throw new JqRuntimeError(`Cannot index ${jqType(t)} with object`);
  const len = t.length;
  const norm = (v: Json, d: number) =>
    v === null ? d : typeof v === 'number' ? Math.max(0, Math.min(len, Math.floor(v < 0 ? len + v : v))) : d;
  return t.slice(norm(from, 0), norm(to, len));
}

/** `.[]`: array elements or object values. */
export function iterate(t: Json): Json[] {
  if (Array.isArray(t)) return t;
  if (t !== null && typeof t === 'object') return Object.values(t);
  throw new JqRuntimeError(`Cannot iterate over ${jqType(t)}${t === null ? '' : ` (${jqShow(t)})`}`);
}

function recurseAll(v: Json, ctx: JqContext): Json[] {
  ctx.budget.spend();
  const out: Json[] = [v];
  if (Array.isArray(v)) for (const x of v) out.push(...recurseAll(x, ctx));
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) out.push(...recurseAll(x, ctx));
  return out;
}

function interpolate(node: Extract<JqNode, { t: 'string' }>, input: Json, ctx: JqContext): Json[] {
  let results: string[] = [node.text[0] ?? ''];
  node.exprs.forEach((e, i) => {
    const vals = evalJq(e, input, ctx).map((v) =>
      node.format ? (applyFormat(node.format, v) as string) : typeof v === 'string' ? v : JSON.stringify(v),
    );
    results = results.flatMap((r) => vals.map((v) => r + v + (node.text[i + 1] ?? '')));
  });
  return results;
}

function buildObjects(entries: { key: JqNode; value: JqNode }[], input: Json, ctx: JqContext): Json[] {
  let objs: Record<string, Json>[] = [{}];
  for (const { key, value } of entries) {
    const keys = evalJq(key, input, ctx);
    const vals = evalJq(value, input, ctx);
    objs = objs.flatMap((o) =>
      keys.flatMap((k) => {
        if (typeof k !== 'string') throw new JqRuntimeError(`Object keys must be strings, not ${jqType(k)}`);
        return vals.map((v) => ({ ...o, [k]: v }));
      }),
    );
  }
  return objs;
}

function binop(op: string, l: JqNode, r: JqNode, input: Json, ctx: JqContext): Json[] {
  if (op === 'and' || op === 'or') {
    return evalJq(l, input, ctx).flatMap((a) => {
      if (op === 'and' && !jqTruthy(a)) return [false];
      if (op === 'or' && jqTruthy(a)) return [true];
      return evalJq(r, input, ctx).map(jqTruthy);
    });
  }
  if (op === '//') {
    let left: Json[] = [];
    try {
      left = evalJq(l, input, ctx).filter(jqTruthy);
    } catch (e) {
      if (!(e instanceof JqRuntimeError)) throw e;
    }
    return left.length > 0 ? left : evalJq(r, input, ctx);
  }
  const rights = evalJq(r, input, ctx);
  return rights.flatMap((b) => evalJq(l, input, ctx).map((a) => arith(op, a, b)));
}

/** jq's arithmetic and comparison operators. */
export function arith(op: string, a: Json, b: Json): Json {
  switch (op) {
    case '==':
      return jqCompare(a, b) === 0;
    case '!=':
      return jqCompare(a, b) !== 0;
    case '<':
      return jqCompare(a, b) < 0;
    case '<=':
      return jqCompare(a, b) <= 0;
    case '>':
      return jqCompare(a, b) > 0;
    case '>=':
      return jqCompare(a, b) >= 0;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    if (op === '+') return a + b;
    if (op === '-') return a - b;
    if (op === '*') return a * b;
    if (b === 0 && (op === '/' || op === '%'))
      throw new JqRuntimeError(`${jqShow(a)} and ${jqShow(b)} cannot be divided because the divisor is zero`);
    if (op === '/') return a / b;
    return Math.trunc(a) % Math.trunc(b);
  }
  if (op === '+') {
    if (a === null) return b;
    if (b === null) return a;
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (isObj(a) && isObj(b)) return { ...a, ...b };
  }
  if (op === '-' && Array.isArray(a) && Array.isArray(b)) return a.filter((x) => !b.some((y) => jqCompare(x, y) === 0));
  if (op === '*' && isObj(a) && isObj(b)) return deepMerge(a, b);
  if (op === '*' && typeof a === 'string' && typeof b === 'number')
    return b > 0 ? a.repeat(Math.min(b, 1_000_000 / Math.max(1, a.length))) : null;
  if (op === '/' && typeof a === 'string' && typeof b === 'string') return a.split(b);
  throw new JqRuntimeError(
    `${jqType(a)} (${jqShow(a)}) and ${jqType(b)} (${jqShow(b)}) cannot be ${{ '+': 'added', '-': 'subtracted', '*': 'multiplied', '/': 'divided', '%': 'divided' }[op] ?? 'combined'}`,
  );
}

function isObj(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function deepMerge(a: Record<string, Json>, b: Record<string, Json>): Record<string, Json> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObj(out[k] ?? null) && isObj(v) ? deepMerge(out[k] as Record<string, Json>, v) : v;
  return out;
}
