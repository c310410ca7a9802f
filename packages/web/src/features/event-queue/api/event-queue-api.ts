import type { QueryValue } from '../../../lib/api-client';
import { db, type DbList } from '../../../lib/db';

/** One row of event_queue_summary (spec 3 §3): per event name, pending and failed counts and failures. */
export interface EventQueueSummary {
  name: string;
  pending: number;
  failed: number;
  average_attempts: number | null;
  first_failure: string | null;
  last_failure: string | null;
  most_common_error: string | null;
}

/** Default order of the status table (spec 3 §7: order=last_failure.desc). */
export const EVENT_QUEUE_DEFAULT_SORT = 'last_failure';

/** A page of the summary with its total (GET /event_queue_summary, Prefer: count=exact). */
export function listEventQueueSummary(paging: Record<string, QueryValue>, signal?: AbortSignal): Promise<DbList<EventQueueSummary>> {
  return db.get<EventQueueSummary>('event_queue_summary', paging, { count: 'exact', signal });
}
