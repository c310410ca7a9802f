import type { TopologyRunResponse } from '@ops/shared';
import { api } from '../../lib/api-client';
import { db, type DbList } from '../../lib/db';
import { resourceJobHistory, type JobHistoryRow } from '../../lib/job-history-row';
import type { TopologyWrite } from './topology-spec-text';

/** A row of the topologies table as the editor reads it. */
export interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  icon: string | null;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
  source: string | null;
  agent_id: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export const topologySpecKeys = {
  all: ['topology-specs'] as const,
  jobs: (id: string) => ['topology-specs', 'jobs', id] as const,
};

/** One topology by id (null when missing or deleted). */
export async function getTopology(id: string, signal?: AbortSignal): Promise<TopologyRow | null> {
  return db.liveById<TopologyRow>('topologies', id, { signal });
}

/** Creates a topology; the server sets source and created_by and runs it once applied. */
export async function createTopology(body: TopologyWrite): Promise<TopologyRow> {
  const [row] = await db.post<TopologyRow>('topologies', body);
  if (!row) throw new Error('The server did not return the new topology');
  return row;
}

/** Updates icon, labels and spec (name and namespace are read-only once it exists). */
export async function updateTopology(id: string, body: Pick<TopologyWrite, 'icon' | 'labels' | 'spec'>): Promise<void> {
  await db.patch('topologies', { id: `eq.${id}` }, body, { returnRows: false });
}

/** Soft delete: sets deleted_at. */
export async function deleteTopology(id: string): Promise<void> {
  await db.softDelete('topologies', id);
}

/** Runs the topology now (one job-history entry) and returns the run's outcome. */
export function runTopology(id: string): Promise<TopologyRunResponse> {
  return api.post<TopologyRunResponse>(`/api/topology/${encodeURIComponent(id)}/run`);
}

/** One page of a topology's runs (Job History tab). */
export function topologyJobHistory(
  id: string,
  page: { limit: string; offset: string },
  signal?: AbortSignal,
): Promise<DbList<JobHistoryRow>> {
  return resourceJobHistory('eq.topology', id, page, signal);
}
