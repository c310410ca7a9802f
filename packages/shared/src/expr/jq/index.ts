// jq for CEL's jq() and the template `jq` function: compile once (cached), run with a step budget.
import { BudgetExceededError, ExprError, positionAt, StepBudget } from '../errors.js';
import type { JqNode } from './ast.js';
import { hasBuiltin } from './builtins.js';
import { evalJq } from './eval.js';
import { parseJq } from './parser.js';
import { JqRuntimeError } from './runtime.js';
import { toJqValue, type Json } from './values.js';

export type { Json as JqValue } from './values.js';

const cache = new Map<string, JqNode>();
const CACHE_MAX = 500;

/** Checks every call names a known function, so typos fail at compile time with a position. */
function checkCalls(src: string, node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  const n = node as JqNode;
  if (n.t === 'call' && !hasBuiltin(n.name, n.args.length)) {
    throw new ExprError('jq', `${n.name}/${n.args.length} is not defined`, positionAt(src, n.pos));
  }
  for (const v of Object.values(node)) {
    if (Array.isArray(v)) v.forEach((x) => checkCalls(src, x));
    else if (v && typeof v === 'object') checkCalls(src, v);
  }
}

/** Parses and checks a jq program; throws ExprError('jq') naming the problem and its position. */
export function compileJq(src: string): JqNode {
  const hit = cache.get(src);
  if (hit) return hit;
  const node = parseJq(src);
  checkCalls(src, node);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(src, node);
  return node;
}

export interface JqOptions {
  /** Maximum evaluation steps (default 1,000,000). */
  budget?: number;
  /** Values for $name variables. */
  vars?: Record<string, unknown>;
}

/** Runs a jq program over an input and returns every output. */
export function runJq(src: string, input: unknown, opts: JqOptions = {}): Json[] {
  const node = compileJq(src);
  const vars = new Map<string, Json>(Object.entries(opts.vars ?? {}).map(([k, v]) => [k, toJqValue(v)]));
  try {
    return evalJq(node, toJqValue(input), { vars, budget: new StepBudget(opts.budget ?? 1_000_000), evaluate: evalJq });
  } catch (e) {
    if (e instanceof JqRuntimeError || e instanceof BudgetExceededError) throw new ExprError('jq', e.message);
    if (e instanceof RangeError) throw new ExprError('jq', 'expression nests too deeply');
    throw e;
  }
}

/**
 * gomplate's jq(expr, in): a string holding a JSON object is parsed first; one output is returned as is,
 * zero or several outputs as a list.
 */
export function jq(src: string, input: unknown, opts: JqOptions = {}): Json {
  let value = input;
  if (typeof input === 'string') {
    try {
      const parsed = JSON.parse(input) as unknown;
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) value = parsed;
    } catch {
      value = input;
    }
  }
  const out = runJq(src, value, opts);
  return out.length === 1 ? out[0]! : out;
}
