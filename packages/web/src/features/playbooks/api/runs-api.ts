// Playbook runs: the runs list through /api/db (server-paged), one run and one action (its long logs as
// text) through /api/playbook, and the run page's Re-run, Cancel and Approve.
import type { PlaybookRunActionDetail, PlaybookRunStatus, PlaybookRunWire } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { db, type DbList } from '../../../lib/db';
import { withLogs, type ActionLogStream, type ActionLogTexts } from '../lib/log-lines';

/** A 50 MB log on a slow link takes longer than the default 30 s. */
const LOG_TIMEOUT_MS = 120_000;

/** A run as the runs list shows it: the run's columns plus its playbook, resource and creator. */
export interface PlaybookRunListRow {
  id: string;
  playbook_id: string;
  status: PlaybookRunStatus;
  trigger: string;
  error: string | null;
  created_at: string;
  scheduled_time: string;
  start_time: string | null;
  end_time: string | null;
  playbooks: { id: string; name: string; title: string; icon: string | null } | null;
  component: { id: string; name: string; type: string | null; icon: string | null } | null;
  config: { id: string; name: string | null; type: string | null } | null;
  check: { id: string; name: string; type: string | null } | null;
  created_by: { id: string; name: string; email: string | null; avatar: string | null } | null;
}

/** The select of the runs list: the playbook, the resource (whichever is set) and who started it. */
export const RUN_LIST_SELECT = [
  'id,playbook_id,status,trigger,error,created_at,scheduled_time,start_time,end_time',
  'playbooks(id,name,title,icon)',
  'component:component_id(id,name,type,icon)',
  'config:config_id(id,name,type)',
  'check:check_id(id,name,type)',
  'created_by(id,name,email,avatar)',
].join(',');

/** One page of runs (GET /playbook_runs with the list's filters, Prefer: count=exact). */
export function listPlaybookRuns(params: Record<string, string | string[]>, signal?: AbortSignal): Promise<DbList<PlaybookRunListRow>> {
  return db.get<PlaybookRunListRow>('playbook_runs', { select: RUN_LIST_SELECT, ...params }, { count: 'exact', signal });
}

/** The run with its actions, approvals and `can_approve` (GET /api/playbook/run/{id}). */
export function getPlaybookRun(id: string, signal?: AbortSignal): Promise<PlaybookRunWire> {
  return api.get<PlaybookRunWire>(`/api/playbook/run/${encodeURIComponent(id)}`, { signal });
}

/**
 * One action attempt as served (GET /api/playbook/run/action/{id}): its result and artifacts, with log streams
 * over 256 KiB left out of `result` and only sized under `logs`, so polling it every second stays cheap.
 */
export function getPlaybookRunActionDetail(id: string, signal?: AbortSignal): Promise<PlaybookRunActionDetail> {
  return api.get<PlaybookRunActionDetail>(`/api/playbook/run/action/${encodeURIComponent(id)}`, { signal });
}

/** One log stream of an action as plain text (read with response.text(), never JSON-parsed: it may be 50 MB). */
export async function getPlaybookRunActionLog(id: string, stream: ActionLogStream, signal?: AbortSignal): Promise<string> {
  const path = `/api/playbook/run/action/${encodeURIComponent(id)}/log/${stream}`;
  const text = await api.get<unknown>(path, { signal, headers: { accept: 'text/plain' }, timeoutMs: LOG_TIMEOUT_MS });
  return typeof text === 'string' ? text : '';
}

/** The texts of the streams the detail left out (none when it inlined them all). */
export async function getOmittedLogs(action: PlaybookRunActionDetail, signal?: AbortSignal): Promise<ActionLogTexts> {
  const streams = (['stdout', 'stderr'] as const).filter((s) => action.logs?.[s]);
  const texts = await Promise.all(streams.map((s) => getPlaybookRunActionLog(action.id, s, signal)));
  return Object.fromEntries(streams.map((s, i) => [s, texts[i]!]));
}

/** One action attempt with its whole result, long log streams fetched as text and put back (the run log export). */
export async function getPlaybookRunAction(id: string, signal?: AbortSignal): Promise<PlaybookRunActionDetail> {
  const detail = await getPlaybookRunActionDetail(id, signal);
  return withLogs(detail, await getOmittedLogs(detail, signal));
}

/** Starts the same playbook on the same resource with the same parameters; answers the new run's id. */
export async function rerunPlaybookRun(id: string): Promise<string> {
  const res = await api.post<{ run_id?: string; id?: string }>(`/api/playbook/run/${encodeURIComponent(id)}/rerun`);
  const runId = res.run_id ?? res.id;
  if (!runId) throw new Error('The server did not answer the new run');
  return runId;
}

/** Cancels a run that is not final yet. */
export async function cancelPlaybookRun(id: string): Promise<void> {
  await api.post(`/api/playbook/run/${encodeURIComponent(id)}/cancel`);
}

/** Records the caller's approval of a run waiting for approvers. */
export async function approvePlaybookRun(id: string): Promise<void> {
  await api.post(`/api/playbook/run/${encodeURIComponent(id)}/approve`);
}

/** An artifact an action kept, as a Blob (GET /api/playbook/run/action/{id}/artifacts/{artifactId}). */
export function downloadArtifact(actionId: string, artifactId: string): Promise<Blob> {
  const path = `/api/playbook/run/action/${encodeURIComponent(actionId)}/artifacts/${encodeURIComponent(artifactId)}`;
  return api.get<Blob>(path, { responseType: 'blob' });
}

/** How many waiting runs the approvals view looks at (newest first). */
export const APPROVALS_LIMIT = 150;

/**
 * Runs waiting for approval that the caller may approve: the pending runs (GET /playbook_runs?status=eq.
 * pending_approval), each asked for its `can_approve` through GET /api/playbook/run/{id}.
 */
export async function listApprovableRuns(signal?: AbortSignal): Promise<PlaybookRunWire[]> {
  const pending = await db.get<{ id: string }>(
    'playbook_runs',
    { select: 'id', status: 'eq.pending_approval', order: 'created_at.desc', limit: APPROVALS_LIMIT },
    { signal },
  );
  const runs = await Promise.all(pending.data.map((r) => getPlaybookRun(r.id, signal).catch(() => undefined)));
  return runs.filter((r): r is PlaybookRunWire => !!r && r.status === 'pending_approval' && r.can_approve);
}
