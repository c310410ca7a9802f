import type { AppContext } from '../context.js';
import type { JobRun } from './job-run.js';

/** A periodic job. Every one the server runs is listed in schedules.ts. */
export interface Schedule {
  /** Queue name and job_history name (kebab-case). */
  name: string;
  /** Cron in UTC; five fields, or six with seconds first. */
  cron: string;
  /** job_history.resource_type of its runs: what the job works on. */
  resourceType: string;
  /** One line for operators: what it does and why. */
  description: string;
  /** Attempts after the first failure (default 3), with exponential backoff from retryDelaySeconds (default 30). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run taking longer fails and is retried (default 900). */
  timeoutSeconds?: number;
  /** The work; idempotent, because a retry may repeat part of it. Throw to fail and be retried. */
  run(ctx: AppContext, run: JobRun): Promise<void>;
}

/** The payload of a queued run: which tick it is for. */
export interface TickJobData {
  tick: string;
}
