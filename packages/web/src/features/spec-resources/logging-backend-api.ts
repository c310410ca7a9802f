import { db, type DbList } from '../../lib/db';
import { resourceJobHistory, type JobHistoryRow } from '../../lib/job-history-row';

/** A row of the logging_backends table. */
export interface LoggingBackendRow {
  id: string;
  name: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
  source: string | null;
  agent_id: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The columns a save writes (name only on create). */
export interface LoggingBackendWrite {
  name: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

export const loggingBackendKeys = {
  all: ['logging-backends'] as const,
  jobs: (id: string) => ['logging-backends', 'jobs', id] as const,
};

/** One backend by id (null when missing or deleted). */
export async function getLoggingBackend(id: string, signal?: AbortSignal): Promise<LoggingBackendRow | null> {
  return db.liveById<LoggingBackendRow>('logging_backends', id, { signal });
}

/** Creates a backend; the server validates the spec and answers 400 naming the field that is wrong. */
export async function createLoggingBackend(body: LoggingBackendWrite): Promise<LoggingBackendRow> {
  const [row] = await db.post<LoggingBackendRow>('logging_backends', body);
  if (!row) throw new Error('The server did not return the new log backend');
  return row;
}

/** Updates labels and spec. */
export async function updateLoggingBackend(id: string, body: Omit<LoggingBackendWrite, 'name'>): Promise<void> {
  await db.patch('logging_backends', { id: `eq.${id}` }, body, { returnRows: false });
}

/** Soft delete: sets deleted_at. */
export async function deleteLoggingBackend(id: string): Promise<void> {
  await db.softDelete('logging_backends', id);
}

/** One page of the jobs recorded for a backend (any job that names it as its resource). */
export function loggingBackendJobHistory(
  id: string,
  page: { limit: string; offset: string },
  signal?: AbortSignal,
): Promise<DbList<JobHistoryRow>> {
  return resourceJobHistory(undefined, id, page, signal);
}
