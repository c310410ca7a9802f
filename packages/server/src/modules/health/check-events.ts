// Status changes of checks go into the event queue as check.passed / check.failed.
import { CHECK_EVENTS } from '@ops/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { EventQueue } from '../../jobs/event-queue.js';
import type { Transition } from './check-results.repository.js';

/** Emit one event per transition; a failure is logged, never thrown (the results are already stored). */
export async function emitTransitions(events: EventQueue, transitions: Transition[], log: FastifyBaseLogger): Promise<void> {
  for (const t of transitions) {
    try {
      await events.emit(t.status === 'healthy' ? CHECK_EVENTS.passed : CHECK_EVENTS.failed, {
        id: t.checkId,
        check_id: t.checkId,
        canary_id: t.canaryId,
        status: t.status,
        previous_status: t.previous,
        time: t.time.toISOString(),
      });
    } catch (err) {
      log.error({ err, checkId: t.checkId }, 'could not queue a check status event');
    }
  }
}
