/** Status of a job run: RUNNING, SUCCESS, WARNING, FAILED, STOPPED. */
export type JobStatus = 'RUNNING' | 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED';

/** What a run is about: shown as the Resource and Agent columns of the job history page. */
export interface JobResource {
  resourceType?: string | null;
  resourceId?: string | null;
  agentId?: string | null;
}

export interface JobRunStart extends JobResource {
  name: string;
  hostname: string;
  /** The server process running it (INSTANCE.id): recovery closes the run when that process died. */
  owner?: string;
  timeStart: Date;
}

export interface FinishedRun {
  status: Exclude<JobStatus, 'RUNNING'>;
  successCount: number;
  errorCount: number;
  errors: string[];
  details: Record<string, unknown>;
  durationMillis: number;
  timeEnd: Date;
}

/** A whole history row of a run that has ended, written in one go (deferred runs). */
export interface FinishedJobRun extends JobRunStart, FinishedRun {}

/** The final status from the counts: errors without successes fail, errors with successes warn. */
export function statusFromCounts(successCount: number, errorCount: number, warned: boolean): 'SUCCESS' | 'WARNING' | 'FAILED' {
  if (errorCount > 0) return successCount > 0 ? 'WARNING' : 'FAILED';
  return warned ? 'WARNING' : 'SUCCESS';
}
