// Events a run emits into the durable event queue, for notifications: playbook.run.<status> and
// playbook.action.failed, with the run, the playbook and (for actions) the action.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import { insertEvent } from '../../../jobs/event-queue.repository.js';

export type RunEventName = 'started' | 'completed' | 'failed' | 'cancelled' | 'pending_approval' | 'timed_out';

type RunRef = { id: string; playbook_id: string };

/** What a `playbook.run.*` event carries, however it is queued. */
const runEventProperties = (run: RunRef, status: string, error?: string | null) => ({
  run_id: run.id,
  playbook_id: run.playbook_id,
  status,
  ...(error ? { error } : {}),
});

/** Queue `playbook.run.<name>`; a queue failure is logged, never fails the run. */
export async function emitRunEvent(app: AppContext, name: RunEventName, run: RunRef, status: string, error?: string | null): Promise<void> {
  await app.events
    .emit(`playbook.run.${name}`, runEventProperties(run, status, error))
    .catch((err: unknown) => app.log.warn({ err, run: run.id }, 'could not queue a playbook event'));
}

/** Queue `playbook.run.<name>` in `trx`, the transaction that writes the run's final status: both or neither. */
export async function queueRunEvent(
  trx: Kysely<Database>,
  name: RunEventName,
  run: RunRef,
  status: string,
  error?: string | null,
): Promise<void> {
  await insertEvent(trx, `playbook.run.${name}`, runEventProperties(run, status, error));
}

/** Queue `playbook.action.failed` for an attempt that failed or timed out. */
export async function emitActionFailed(
  app: AppContext,
  run: RunRef,
  actionId: string,
  status: string,
  error: string | null,
): Promise<void> {
  await app.events
    .emit('playbook.action.failed', {
      run_id: run.id,
      playbook_id: run.playbook_id,
      action_id: actionId,
      status,
      ...(error ? { error } : {}),
    })
    .catch((err: unknown) => app.log.warn({ err, run: run.id }, 'could not queue a playbook event'));
}
