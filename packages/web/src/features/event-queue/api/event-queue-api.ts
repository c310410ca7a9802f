import type { DbRow } from '@ops/shared';
import type { QueryValue } from '../../../lib/api-client';
import { db, type DbList } from '../../../lib/db';

/** One row of event_queue_summary: per event name, pending and failed counts (counts, never null) and failures. */
export type EventQueueSummary = DbRow<'event_queue_summary'> & { pending: number; failed: number };

/** Default order of the status table (order=last_failure.desc). */
export const EVENT_QUEUE_DEFAULT_SORT = 'last_failure';

/** A page of the summary with its total (GET /event_queue_summary, Prefer: count=exact). */
export function listEventQueueSummary(paging: Record<string, QueryValue>, signal?: AbortSignal): Promise<DbList<EventQueueSummary>> {
  return db.get<EventQueueSummary>('event_queue_summary', paging, { count: 'exact', signal });
}
