// Works one claimed run from where it stands to its next wait or its end: each action's `if` (skipped
// rows), `delay` (the run sleeps, released, until due), the attempt itself, `retry` (a new attempt row after
// the backoff, the run released meanwhile), then the run's final status. Nothing waits in memory: a run
// that waits is a row with a due time that any worker claims later.
import type { AppContext } from '../../../context.js';
import { resourceLookupOf } from '../resources/resource-kinds.js';
import { loadRunResource } from '../resources/resource-ref.js';
import { buildTemplateEnv, type TemplateEnv } from '../resources/template-env.js';
import { ActionState, actionShouldRun, evaluateActionCel, type PastAction } from './action-state.js';
import { durationMs, literalDurationMs, retryBackoffMs } from './durations.js';
import { actionsOf, type EngineAction } from './engine-spec.js';
import { playbookOfRun } from './playbook-source.js';
import { runActionAttempt } from './run-action-attempt.js';
import { openSecretParams } from './secret-params.js';
import { actionRowsOf, closeWaitingActions, failOrphanedActions, insertActionRow, type ActionRow } from './run-actions.repository.js';
import { emitActionFailed, emitRunEvent, queueRunEvent } from './run-events.js';
import { historyFinished, historyRunning } from './run-history.js';
import type { StopKind } from './run-stop.js';
import { dropClaim, finishRun, releaseRun, type ClaimedRunRow } from './runs.repository.js';

const FINAL_ACTION = new Set(['completed', 'failed', 'timed_out', 'skipped', 'cancelled']);
const WAITING_ACTION = new Set(['scheduled', 'sleeping', 'retrying', 'waiting']);

/** Work a claimed run until it waits, ends, or `signal` stops it (cancel, shutdown). */
export async function executeRun(app: AppContext, run: ClaimedRunRow, owner: string, signal: AbortSignal): Promise<void> {
  const db = app.db.kysely;
  await historyRunning(db, run);
  if (run.first_start) await emitRunEvent(app, 'started', run, 'running');
  await failOrphanedActions(db, run.id);
  const deadline = run.timeout_ms ? run.start_time!.getTime() + run.timeout_ms : undefined;
  if (deadline !== undefined && Date.now() >= deadline) return endRun(app, run, owner, 'timed_out', 'playbook run timed out');

  let env: TemplateEnv;
  try {
    env = await runEnv(app, run);
  } catch (err) {
    return endRun(app, run, owner, 'failed', `could not prepare the run: ${(err as Error).message}`);
  }
  const actions = actionsOf(run.spec);
  const rows = await actionRowsOf(db, run.id);
  const past: PastAction[] = [];
  for (const [position, action] of actions.entries()) {
    if (signal.aborted) return stopped(app, run, owner, signal);
    const latest = lastAttempt(rows, position);
    if (latest && FINAL_ACTION.has(latest.status)) {
      past.push(toPast(latest));
      continue;
    }
    const state = new ActionState([...past]);
    const vars: Record<string, unknown> = env;
    let attempt = latest?.attempt ?? 1;
    let waitingId = latest && WAITING_ACTION.has(latest.status) ? latest.id : undefined;
    if (!latest) {
      // First visit: the condition, then the delay (the run sleeps and is released; the `if` is not asked again).
      let runs: boolean;
      let delay = 0;
      try {
        runs = actionShouldRun(action.if, vars, state);
        if (runs && action.delay) delay = durationMs('delay', action.delay, (e) => evaluateActionCel(e, vars, state));
      } catch (err) {
        const error = (err as Error).message;
        await insertActionRow(db, { runId: run.id, name: action.name, position, attempt, status: 'failed', error });
        past.push({ name: action.name, position, status: 'failed', error, result: null, start_time: null, end_time: null });
        continue;
      }
      if (!runs) {
        await insertActionRow(db, { runId: run.id, name: action.name, position, attempt, status: 'skipped' });
        past.push({ name: action.name, position, status: 'skipped', error: null, result: null, start_time: null, end_time: null });
        continue;
      }
      if (delay > 0) {
        const at = wakeAt(delay, deadline);
        await insertActionRow(db, { runId: run.id, name: action.name, position, attempt, status: 'sleeping', scheduledTime: at });
        await releaseRun(db, run.id, owner, 'sleeping', at);
        return;
      }
    }
    for (;;) {
      const res = await runActionAttempt({
        app,
        owner,
        runId: run.id,
        action,
        position,
        attempt,
        waitingId,
        env,
        state,
        runSignal: signal,
        actionTimeoutMs: action.timeout ? (literalDurationMs(action.timeout) ?? undefined) : undefined,
        runTimeoutMs: deadline !== undefined ? deadline - Date.now() : undefined,
      });
      if (!res.actionId) return dropClaim(db, run.id, owner);
      if (res.status === 'failed' || res.status === 'timed_out') await emitActionFailed(app, run, res.actionId, res.status, res.error);
      if (res.stop) return afterStop(app, run, owner, res.stop);
      if ((res.status === 'failed' || res.status === 'timed_out') && retriesLeft(action, attempt)) {
        const at = wakeAt(retryBackoffMs(action.retry!, attempt), deadline);
        attempt += 1;
        if (at.getTime() - Date.now() > 0) {
          await insertActionRow(db, { runId: run.id, name: action.name, position, attempt, status: 'retrying', scheduledTime: at });
          await releaseRun(db, run.id, owner, 'retrying', at);
          return;
        }
        waitingId = undefined;
        continue;
      }
      past.push({
        name: action.name,
        position,
        status: res.status,
        error: res.error,
        result: res.result,
        start_time: null,
        end_time: null,
      });
      break;
    }
  }
  const failed = past.find((a) => a.status === 'failed' || a.status === 'timed_out');
  await endRun(app, run, owner, failed ? 'failed' : 'completed', failed ? `${failed.name}: ${failed.error ?? failed.status}` : null, {
    completed: past.filter((a) => a.status === 'completed').length,
    failed: past.filter((a) => a.status === 'failed' || a.status === 'timed_out').length,
  });
}

// When a waiting run is due again: after `ms`, or at the run's deadline if that comes first (it then times out).
function wakeAt(ms: number, deadline: number | undefined): Date {
  return new Date(Math.min(Date.now() + ms, deadline ?? Infinity));
}

function retriesLeft(action: EngineAction, attempt: number): boolean {
  const limit = action.retry?.limit ?? 0;
  return limit > 0 && attempt <= limit;
}

function lastAttempt(rows: ActionRow[], position: number): ActionRow | undefined {
  let last: ActionRow | undefined;
  for (const r of rows) if (r.position === position && (!last || r.attempt > last.attempt)) last = r;
  return last;
}

function toPast(r: ActionRow): PastAction {
  return {
    name: r.name,
    position: r.position,
    status: r.status,
    error: r.error,
    result: r.result,
    start_time: r.start_time?.toISOString() ?? null,
    end_time: r.end_time?.toISOString() ?? null,
  };
}

// The template data of the run: its playbook (as it is now, for names), its resource and its parameters.
async function runEnv(app: AppContext, run: ClaimedRunRow): Promise<TemplateEnv> {
  const db = app.db.kysely;
  const playbook = await playbookOfRun(db, run.playbook_id);
  if (!playbook) throw new Error(`playbook ${run.playbook_id} no longer exists`);
  const resource = await loadRunResource(
    db,
    {
      ...(run.config_id ? { config_id: run.config_id } : {}),
      ...(run.component_id ? { component_id: run.component_id } : {}),
      ...(run.check_id ? { check_id: run.check_id } : {}),
    },
    resourceLookupOf(run.trigger),
  );
  return buildTemplateEnv(db, {
    playbook: { ...playbook, spec: run.spec },
    run: {
      id: run.id,
      parameters: openSecretParams(app.config, run.spec, run.parameters),
      created_by: run.created_by,
      request: run.request ?? undefined,
    },
    resource,
  });
}

// After an attempt that stopped the run: a time-out ends it, a cancel was closed by the canceller, a
// shutdown releases it so a live worker goes on with the next action.
async function afterStop(app: AppContext, run: ClaimedRunRow, owner: string, stop: StopKind): Promise<void> {
  if (stop === 'run_timeout') return endRun(app, run, owner, 'timed_out', 'playbook run timed out');
  if (stop === 'shutdown') {
    await releaseRun(app.db.kysely, run.id, owner, 'running');
    return;
  }
  await dropClaim(app.db.kysely, run.id, owner);
}

async function stopped(app: AppContext, run: ClaimedRunRow, owner: string, signal: AbortSignal): Promise<void> {
  const reason: unknown = signal.reason;
  const kind = reason && typeof reason === 'object' && 'kind' in reason ? (reason as { kind: StopKind }).kind : 'shutdown';
  return afterStop(app, run, owner, kind);
}

/** Close the run (unless a cancel closed it first), its history row and its event. */
async function endRun(
  app: AppContext,
  run: ClaimedRunRow,
  owner: string,
  status: 'completed' | 'failed' | 'timed_out',
  error: string | null,
  actions?: { completed: number; failed: number },
): Promise<void> {
  const db = app.db.kysely;
  if (status === 'timed_out') await closeWaitingActions(db, run.id, 'timed_out');
  // The final status, its history row and its event commit together: whoever sees the run ended finds its event.
  const finished = await db.transaction().execute(async (trx) => {
    if (!(await finishRun(trx, run.id, owner, status, error))) return false;
    await historyFinished(trx, run, { status: status === 'completed' ? 'SUCCESS' : 'FAILED', error, actions });
    await queueRunEvent(trx, status, run, status, error);
    return true;
  });
  if (!finished) await dropClaim(db, run.id, owner);
}
