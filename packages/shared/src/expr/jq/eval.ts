// jq evaluator: every filter maps one input to a list of outputs (jq's streams, materialised).
import type { JqNode } from './ast.js';
import { arith } from './arithmetic.js';
import { callBuiltin } from './builtins.js';
import { applyFormat } from './formats.js';
import { assignPaths } from './paths.js';
import { first, iterate, JqRuntimeError, withVar, type JqContext } from './runtime.js';
import { jqShow, jqTruthy, jqType, type Json } from './values.js';

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
