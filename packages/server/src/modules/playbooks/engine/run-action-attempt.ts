// One attempt of one action: the row is written 'running' and committed first, then the action runs
// under the run's signal and its time limits, then its status, result and artifacts are stored together.
import { renderTemplate } from '@ops/shared/expr';
import type { AppContext } from '../../../context.js';
import { runAction } from '../actions/index.js';
import type { TemplateEnv } from '../resources/template-env.js';
import type { ActionState } from './action-state.js';
import type { EngineAction } from './engine-spec.js';
import { finishActionRow, ORPHANED_ACTION_ERROR, startActionRow } from './run-actions.repository.js';
import { RunStop, stopKindOf, timeLimit, type StopKind } from './run-stop.js';

export interface AttemptInput {
  app: AppContext;
  owner: string;
  runId: string;
  action: EngineAction;
  position: number;
  attempt: number;
  /** The waiting row (sleeping, retrying) this attempt continues, if any. */
  waitingId?: string;
  env: TemplateEnv;
  state: ActionState;
  /** Aborted by the engine (cancel, shutdown). */
  runSignal: AbortSignal;
  /** Milliseconds left of the action's own timeout and of the run's. */
  actionTimeoutMs?: number;
  runTimeoutMs?: number;
}

export interface AttemptResult {
  /** Undefined when the row could not be taken (another worker already ran it): nothing ran. */
  actionId?: string;
  status: 'completed' | 'failed' | 'timed_out' | 'cancelled';
  error: string | null;
  result: Record<string, unknown> | null;
  /** Set when the run must stop after this attempt. */
  stop?: StopKind;
}

/** Run one attempt and record it; never throws for the action's own failures. */
export async function runActionAttempt(input: AttemptInput): Promise<AttemptResult> {
  const { app, action } = input;
  const db = app.db.kysely;
  const actionId = await startActionRow(db, { ...input, name: action.name });
  if (!actionId) return { status: 'failed', error: null, result: null };
  const actionLimit = timeLimit(input.actionTimeoutMs, 'action_timeout', `action timed out after ${action.timeout}`);
  const runLimit = timeLimit(input.runTimeoutMs, 'run_timeout', 'playbook run timed out');
  const signal = AbortSignal.any([input.runSignal, actionLimit.signal, runLimit.signal]);
  const funcs = input.state.templateFuncs();
  const env = { ...input.env, action: { name: action.name, position: input.position, attempt: input.attempt, id: actionId } };
  let outcome;
  try {
    outcome = await runAction(action, {
      app,
      signal,
      env,
      render: (text: string) => renderTemplate(text, env, { funcs, noValue: '' }),
      runId: input.runId,
      actionId,
    });
  } catch (err) {
    outcome = { status: 'failed' as const, result: {}, error: err instanceof Error ? err.message : String(err) };
  } finally {
    actionLimit.clear();
    runLimit.clear();
  }
  const stop = stopKindOf(signal);
  const status = statusFor(outcome.status, stop);
  const error =
    stop === 'shutdown' ? ORPHANED_ACTION_ERROR : status === 'completed' ? null : (outcome.error ?? stopMessage(signal) ?? 'failed');
  await finishActionRow(db, actionId, { status, result: outcome.result ?? null, error, artifacts: outcome.artifacts });
  return { actionId, status, error, result: outcome.result ?? null, ...(stop && stop !== 'action_timeout' ? { stop } : {}) };
}

function statusFor(outcome: 'completed' | 'failed', stop: StopKind | undefined): AttemptResult['status'] {
  if (stop === 'cancelled') return 'cancelled';
  if (stop === 'action_timeout' || stop === 'run_timeout') return 'timed_out';
  if (stop === 'shutdown') return 'failed';
  return outcome;
}

function stopMessage(signal: AbortSignal): string | undefined {
  return signal.reason instanceof RunStop ? signal.reason.message : undefined;
}
