import type { DbRow } from '@ops/shared';
import { db } from '../../../lib/db';

/** A health check linked to a config (GET /check_summary_for_config?config_id=eq.{id}). */
export type ConfigCheck = DbRow<'check_summary_for_config'>;

/** One run of a check (check_statuses). */
export type CheckStatusRow = DbRow<'check_statuses'>;

/** A playbook run against a config (playbook_runs). */
export interface PlaybookRunRow {
  id: string;
  status: string;
  start_time: string | null;
  playbook_id: string;
  playbooks?: { id: string; name: string } | null;
}

/** Checks linked to a config. */
export async function configChecks(configId: string, signal?: AbortSignal): Promise<ConfigCheck[]> {
  return (await db.get<ConfigCheck>('check_summary_for_config', { config_id: `eq.${configId}`, order: 'name.asc' }, { signal })).data;
}

/** The latest 50 runs of a check, newest first, for the check's detail dialog. */
export async function checkStatuses(checkId: string, signal?: AbortSignal): Promise<CheckStatusRow[]> {
  return (await db.get<CheckStatusRow>('check_statuses', { check_id: `eq.${checkId}`, order: 'time.desc', limit: 50 }, { signal })).data;
}

/** One page of a config's playbook runs (200 a page), in the table's order (newest first by default). */
export function configPlaybookRuns(configId: string, page: { limit: string; offset: string; order?: string }, signal?: AbortSignal) {
  return db.get<PlaybookRunRow>(
    'playbook_runs',
    { select: 'id,status,start_time,playbook_id,playbooks(id,name)', config_id: `eq.${configId}`, order: 'start_time.desc', ...page },
    { count: 'exact', signal },
  );
}
