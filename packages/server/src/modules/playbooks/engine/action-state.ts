// What an action's `if`, templates and CEL see of the actions before it: success(), failure(), always(),
// timeout(), skip(), getAction(name), getLastAction() and last_result(). Only the last attempt of each
// earlier action counts; skipped actions neither succeed nor fail.
import { CelEnvironment } from '@ops/shared/expr';
import type { TemplateFunc } from '@ops/shared/expr';

/** The last attempt of one earlier action, as expressions see it. */
export interface PastAction {
  name: string;
  position: number;
  status: string;
  error: string | null;
  result: Record<string, unknown> | null;
  start_time: string | null;
  end_time: string | null;
}

/** The run so far, read by the functions below while one expression evaluates. */
export class ActionState {
  constructor(readonly past: PastAction[]) {}

  anyFailed(): boolean {
    return this.past.some((a) => a.status === 'failed' || a.status === 'timed_out');
  }

  anyTimedOut(): boolean {
    return this.past.some((a) => a.status === 'timed_out');
  }

  byName(name: string): PastAction | null {
    return [...this.past].reverse().find((a) => a.name === name) ?? null;
  }

  /** The last action that ran (not skipped). */
  last(): PastAction | null {
    return [...this.past].reverse().find((a) => a.status !== 'skipped') ?? null;
  }

  /** Template functions with the same meaning as the CEL ones. */
  templateFuncs(): Record<string, TemplateFunc> {
    return {
      getAction: (name) => this.byName(String(name)),
      getLastAction: () => this.last(),
      last_result: () => this.last()?.result ?? null,
    };
  }
}

// CEL functions are fixed when the environment is built; they read the state of the expression being
// evaluated (evaluation is synchronous, so one holder per process is enough).
let current: ActionState = new ActionState([]);

const ENV = new CelEnvironment([
  { name: 'success', params: [], returns: 'bool', handler: () => !current.anyFailed() },
  { name: 'failure', params: [], returns: 'bool', handler: () => current.anyFailed() },
  { name: 'always', params: [], returns: 'bool', handler: () => true },
  { name: 'skip', params: [], returns: 'bool', handler: () => false },
  { name: 'timeout', params: [], returns: 'bool', handler: () => current.anyTimedOut() },
  { name: 'getAction', params: ['string'], returns: 'dyn', handler: (name: string) => current.byName(name) },
  { name: 'getLastAction', params: [], returns: 'dyn', handler: () => current.last() },
  { name: 'last_result', params: [], returns: 'dyn', handler: () => current.last()?.result ?? null },
]);

/** Evaluate a CEL expression over `vars` with the action functions answering from `state`. */
export function evaluateActionCel(expression: string, vars: Record<string, unknown>, state: ActionState): unknown {
  const previous = current;
  current = state;
  try {
    return ENV.evaluate(expression, vars);
  } finally {
    current = previous;
  }
}

/**
 * Whether an action runs: its `if` (default `success()`) evaluated to true. A string result "true" or
 * "false" counts as that boolean; anything else is an error naming the expression.
 */
export function actionShouldRun(expression: string | undefined, vars: Record<string, unknown>, state: ActionState): boolean {
  const expr = expression?.trim() ? expression : 'success()';
  const value = evaluateActionCel(expr, vars, state);
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`if: '${expr}' gave ${JSON.stringify(value)}, not true or false`);
}
