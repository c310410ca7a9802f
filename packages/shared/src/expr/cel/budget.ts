// A step budget for CEL. cel-js has no cost limit, and macros over big lists (or nested macros)
// could run for minutes, so every comprehension step of a parsed program is wrapped to spend one
// step from the budget of the evaluation in progress.
import type { StepBudget } from '../errors.js';

interface AstLike {
  op?: string;
  args?: unknown;
  meta?: { alternate?: unknown; macro?: unknown };
  evaluate(ev: unknown, ast: unknown, ctx: unknown): unknown;
  check(chk: unknown, ast: unknown, ctx: unknown): unknown;
  readonly maybeAsync: boolean;
}

let active: StepBudget | null = null;

/** Runs `fn` with `budget` as the budget that wrapped comprehension steps spend from. */
export function withBudget<T>(budget: StepBudget, fn: () => T): T {
  const prev = active;
  active = budget;
  try {
    return fn();
  } finally {
    active = prev;
  }
}

/** A stand-in for a step node: delegates to it after spending one step. */
function wrapStep(step: AstLike): AstLike {
  const wrapped = Object.create(step) as AstLike;
  Object.defineProperties(wrapped, {
    evaluate: { value: (ev: unknown, _ast: unknown, ctx: unknown) => (active?.spend(), step.evaluate(ev, step, ctx)) },
    check: { value: (chk: unknown, _ast: unknown, ctx: unknown) => step.check(chk, step, ctx) },
    maybeAsync: { get: () => step.maybeAsync },
    meta: { get: () => step.meta },
  });
  return wrapped;
}

/** Walks a parsed AST (including macro expansions) and wraps every comprehension step once. */
export function instrument(node: unknown, seen = new Set<unknown>()): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    node.forEach((n) => instrument(n, seen));
    return;
  }
  const ast = node as AstLike;
  if (typeof ast.op !== 'string') {
    for (const v of Object.values(node)) instrument(v, seen);
    return;
  }
  if (ast.meta?.alternate) instrument(ast.meta.alternate, seen);
  if (ast.meta?.macro) instrument(ast.meta.macro, seen);
  const args = ast.args as Record<string, unknown> | unknown[] | undefined;
  if (ast.op === 'comprehension' && args && !Array.isArray(args) && args.step && !seen.has(args.step)) {
    instrument(args.step, seen);
    const wrapped = wrapStep(args.step as AstLike);
    seen.add(wrapped);
    args.step = wrapped;
  }
  if (args && typeof args === 'object') for (const v of Object.values(args)) instrument(v, seen);
}
