// The jq runtime pieces every part of the interpreter shares: errors, the context, streams' first value.
import type { StepBudget } from '../errors.js';
import type { JqNode } from './ast.js';
import { jqShow, jqType, type Json } from './values.js';

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

/**
 * What a running filter carries: variables, the step budget, and the evaluator itself, so builtins and
 * path updates can run their argument filters without importing the evaluator that calls them.
 */
export interface JqContext {
  vars: Map<string, Json>;
  budget: StepBudget;
  evaluate(node: JqNode, input: Json, ctx: JqContext): Json[];
}

/** The first output of a filter, or an error when it has none. */
export function first(node: JqNode, input: Json, ctx: JqContext): Json {
  const out = ctx.evaluate(node, input, ctx);
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

/** `.[]`: array elements or object values. */
export function iterate(t: Json): Json[] {
  if (Array.isArray(t)) return t;
  if (t !== null && typeof t === 'object') return Object.values(t);
  throw new JqRuntimeError(`Cannot iterate over ${jqType(t)}${t === null ? '' : ` (${jqShow(t)})`}`);
}
