import type { CanaryRow } from '@ops/shared';
import { db, type DbList } from '../../../lib/db';
import { resourceJobHistory, type JobHistoryRow } from '../../../lib/job-history-row';

export const canaryKeys = {
  jobs: (id: string) => ['health', 'canary-jobs', id] as const,
};

/** One canary by id (undefined when missing or deleted). */
export async function getCanary(id: string, signal?: AbortSignal): Promise<CanaryRow | null> {
  return db.liveById<CanaryRow>('canaries', id, { signal });
}

export interface CanaryWrite {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

/** Creates a canary (the server validates the spec, sets source and created_by, and schedules it). */
export async function createCanary(body: CanaryWrite): Promise<CanaryRow> {
  const [row] = await db.post<CanaryRow>('canaries', body);
  if (!row) throw new Error('The server did not return the new canary');
  return row;
}

/** Updates labels and spec of a canary (name and namespace are read-only once it exists). */
export async function updateCanary(id: string, body: Pick<CanaryWrite, 'labels' | 'spec'>): Promise<void> {
  await db.patch('canaries', { id: `eq.${id}` }, body, { returnRows: false });
}

/** Soft delete: sets deleted_at (its checks are retired by the server). */
export async function deleteCanary(id: string): Promise<void> {
  await db.softDelete('canaries', id);
}

/** One page of a canary's job runs (Job History tab). */
export function canaryJobHistory(
  id: string,
  page: { limit: string; offset: string },
  signal?: AbortSignal,
): Promise<DbList<JobHistoryRow>> {
  return resourceJobHistory('eq.canary', id, page, signal);
}
