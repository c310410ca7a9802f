// Cancel and Re-run. A cancel closes the run at once and tells its worker (if one holds it) to abort the
// action under way; waiting attempts are closed, later actions never start. A re-run repeats a run with the
// same playbook, resource and parameters.
import type { AppContext, Principal } from '../../../context.js';
import { PlaybookInputError } from './errors.js';
import { livePlaybook } from './playbook-source.js';
import { closeWaitingActions } from './run-actions.repository.js';
import { queueRunEvent } from './run-events.js';
import { historyFinished } from './run-history.js';
import { notifyWorkers, runById } from './runs.repository.js';
import { queueRun } from './submit-run.js';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The run by id, or 404. */
export async function existingRun(app: AppContext, runId: string) {
  const run = UUID.test(runId) ? await runById(app.db.kysely, runId) : undefined;
  if (!run) throw new PlaybookInputError(`Playbook run ${runId} not found`, 404);
  return run;
}

/** Cancel a run that is not final (409 otherwise); its in-flight action is aborted by its worker. */
export async function cancelRun(app: AppContext, runId: string, by: Principal): Promise<void> {
  const run = await existingRun(app, runId);
  const error = `cancelled by ${by.name || by.email || by.id}`;
  // The status, the waiting actions, the history row and the event commit together.
  const cancelled = await app.db.kysely.transaction().execute(async (trx) => {
    const res = await sql`
      UPDATE playbook_runs SET status = 'cancelled', error = ${error}, end_time = now()
      WHERE id = ${run.id} AND status NOT IN ('completed', 'failed', 'cancelled', 'timed_out')`.execute(trx);
    if (Number(res.numAffectedRows ?? 0) === 0) return false;
    await closeWaitingActions(trx, run.id, 'cancelled');
    await historyFinished(trx, run, { status: 'STOPPED', error });
    await queueRunEvent(trx, 'cancelled', run, 'cancelled', error);
    return true;
  });
  if (!cancelled) {
    const now = await runById(app.db.kysely, run.id);
    throw new PlaybookInputError(`Playbook run ${run.id} is already ${now?.status ?? run.status}`, 409);
  }
  // Released runs have no worker; a claimed one's worker aborts its action on this notification.
  await notifyWorkers(app.db.kysely, `cancel:${run.id}`).catch(() => undefined);
}

/** Start the run again: same playbook (its current spec), resource and parameters; parent_id links them. */
export async function rerunRun(app: AppContext, runId: string, by: Principal): Promise<{ runId: string; startsAt: Date }> {
  const run = await existingRun(app, runId);
  const playbook = await livePlaybook(app.db.kysely, run.playbook_id);
  if (!playbook) throw new PlaybookInputError('Playbook not found', 404);
  const queued = await queueRun(app, playbook, {
    runId: randomUUID(),
    ref: {
      ...(run.config_id ? { config_id: run.config_id } : {}),
      ...(run.component_id ? { component_id: run.component_id } : {}),
      ...(run.check_id ? { check_id: run.check_id } : {}),
    },
    parameters: run.parameters,
    trigger: 'rerun',
    request: run.request ?? undefined,
    createdBy: by.id,
    parentId: run.id,
  });
  return queued;
}

/** Whether a run is on a check (then write on playbook_runs is enough to re-run it); 404 when unknown. */
export async function runIsOnCheck(app: AppContext, runId: string): Promise<boolean> {
  return Boolean((await existingRun(app, runId)).check_id);
}
