// Playbook statuses, limits and texts from the spec (run and action statuses, page sizes, refresh intervals,
// toasts and form messages). Both sides read them from here.

/** Statuses of a run: waiting to start, waiting for approvers, under way, or final. */
export const PLAYBOOK_RUN_STATUSES = [
  'scheduled',
  'pending_approval',
  'running',
  'sleeping',
  'waiting',
  'retrying',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];

/** Statuses of one action attempt; `skipped` when its `if` said no. */
export const PLAYBOOK_ACTION_STATUSES = [
  'scheduled',
  'running',
  'sleeping',
  'waiting',
  'retrying',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
  'skipped',
] as const;
export type PlaybookActionStatus = (typeof PLAYBOOK_ACTION_STATUSES)[number];

/** A run in one of these never changes again: the run page stops refreshing, Cancel is gone. */
export const PLAYBOOK_RUN_FINAL_STATUSES: readonly PlaybookRunStatus[] = ['completed', 'failed', 'cancelled', 'timed_out'];
export const PLAYBOOK_ACTION_FINAL_STATUSES: readonly PlaybookActionStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'timed_out',
  'skipped',
];

export function isFinalRunStatus(status: string): boolean {
  return (PLAYBOOK_RUN_FINAL_STATUSES as readonly string[]).includes(status);
}
export function isFinalActionStatus(status: string): boolean {
  return (PLAYBOOK_ACTION_FINAL_STATUSES as readonly string[]).includes(status);
}

/** Parameter types a playbook may declare. */
export const PLAYBOOK_PARAMETER_TYPES = [
  'text',
  'code',
  'checkbox',
  'list',
  'team',
  'people',
  'component',
  'config',
  'check',
  'duration',
  'millicores',
  'bytes',
  'secret',
] as const;
export type PlaybookParameterType = (typeof PLAYBOOK_PARAMETER_TYPES)[number];

/** Action types the engine runs. */
export const PLAYBOOK_ACTION_TYPES = ['exec', 'http', 'sql', 'notification', 'logs', 'gitops', 'pod', 'kubernetes'] as const;
export type PlaybookActionType = (typeof PLAYBOOK_ACTION_TYPES)[number];

export const PLAYBOOK_DEFAULT_CATEGORY = 'Other';
/** Runs a page on /playbooks/runs, and on a config's or check's Playbooks tab. */
export const PLAYBOOK_RUNS_PAGE_SIZE = 150;
export const PLAYBOOK_RUNS_TAB_PAGE_SIZE = 200;
/** Default time range of the runs list (relative, last 7 days). */
export const PLAYBOOK_RUNS_DEFAULT_RANGE = 'now-7d';
/** The run page refreshes the run every 2 s and the selected action every 1 s until they are final. */
export const PLAYBOOK_RUN_REFRESH_MS = 2_000;
export const PLAYBOOK_ACTION_REFRESH_MS = 1_000;

export const PLAYBOOK_MESSAGES = {
  created: 'Playbook Spec created successfully',
  updated: 'Playbook Spec updated successfully',
  updateFailed: (message: string) => `Unable to update playbook spec: ${message}`,
  deleteFailed: (message: string) => `Unable to delete playbook spec: ${message}`,
  selectResource: 'Please select a resource to see the parameters.',
  noParameters: 'No parameters for this playbook.',
  running: 'Running...',
} as const;

/** The name of a run's log download: `playbookname-starttime` (.log or .json added by the caller). */
export function playbookLogFileName(playbookName: string, startTime: string | null | undefined): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${safe(playbookName)}-${safe(startTime ?? 'not-started')}`;
}
