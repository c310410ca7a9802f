import { statusFromCounts, type FinishedRun } from '../modules/job-history/job-history.types.js';

// job_history.errors and details.errors keep at most this many messages; the count keeps the total.
const MAX_ERRORS = 100;

/** What a job body sees while it runs: counters, details for the history row, and a shutdown signal. */
export interface JobRun {
  /** The job_history row of this run. */
  readonly historyId: string;
  /** Aborted when the server shuts down: a long job should stop early (the run is then STOPPED). */
  readonly signal: AbortSignal;
  /** Merged into job_history.details (e.g. scrape_summary, summary). */
  readonly details: Record<string, unknown>;
  /** Count successfully handled items. */
  success(count?: number): void;
  /** Count a failed item and keep its message; errors without successes end FAILED, with successes WARNING. */
  error(err: unknown): void;
  /** Keep a message and end WARNING even without errors. */
  warn(message: string): void;
}

/** Counts, messages and details of a run, turned into its final history row by `finish`. */
export class RunTally {
  readonly details: Record<string, unknown> = {};
  private successCount = 0;
  private errorCount = 0;
  private warned = false;
  private readonly messages: string[] = [];

  constructor(private readonly timeStart: Date) {}

  success(count = 1): void {
    this.successCount += count;
  }

  error(err: unknown): void {
    this.errorCount += 1;
    this.keep(messageOf(err));
  }

  warn(message: string): void {
    this.warned = true;
    this.keep(message);
  }

  /** The row to write when the body returned (no failure) or threw (`failure.error`; STOPPED when `stopped`). */
  finish(failure?: { error: unknown; stopped: boolean }, now = new Date()): FinishedRun {
    let status: FinishedRun['status'];
    if (!failure) {
      status = statusFromCounts(this.successCount, this.errorCount, this.warned);
    } else {
      this.error(failure.error);
      status = failure.stopped ? 'STOPPED' : 'FAILED';
    }
    const details = this.messages.length ? { ...this.details, errors: [...this.messages] } : { ...this.details };
    return {
      status,
      successCount: this.successCount,
      errorCount: this.errorCount,
      errors: [...this.messages],
      details,
      durationMillis: Math.max(0, now.getTime() - this.timeStart.getTime()),
      timeEnd: now,
    };
  }

  private keep(message: string): void {
    if (this.messages.length < MAX_ERRORS) this.messages.push(message);
  }
}

/** The state behind a JobRun whose history row was written when it started. */
export class JobRunState extends RunTally implements JobRun {
  constructor(
    readonly historyId: string,
    readonly signal: AbortSignal,
    timeStart: Date,
  ) {
    super(timeStart);
  }

  /** The row to write when the body returned or threw; a throw after the signal aborted is STOPPED. */
  override finish(failure?: { error: unknown }, now = new Date()): FinishedRun {
    return super.finish(failure && { error: failure.error, stopped: this.signal.aborted }, now);
  }
}

/** A readable message from anything thrown. */
export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}
