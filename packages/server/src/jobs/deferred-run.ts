// A run whose job_history row is written once, when it has ended, by whoever batches its results with
// those of other runs (the check scheduler's result writer puts many in one statement). A run still going
// after `showRunningAfterMs` gets a RUNNING row meanwhile, so the Jobs page shows long runs (and a crash
// leaves a row for recovery to close); its end then updates that row instead.
import type { FastifyBaseLogger } from 'fastify';
import type { JobHistoryService } from '../modules/job-history/job-history.service.js';
import type { FinishedJobRun, JobRunStart } from '../modules/job-history/job-history.types.js';
import { RunTally } from './job-run.js';

export type { FinishedJobRun };

export class DeferredJobRun {
  readonly tally: RunTally;
  private timer: NodeJS.Timeout | undefined;
  // Set once the RUNNING row is being written; resolves to its id (undefined when the insert failed).
  private row: Promise<string | undefined> | undefined;
  private ended = false;

  constructor(
    private readonly history: JobHistoryService,
    private readonly log: FastifyBaseLogger,
    readonly start: JobRunStart,
    /** Aborted when the server shuts down. */
    readonly signal: AbortSignal,
    showRunningAfterMs: number,
    /** Called once when the run has ended and its RUNNING row (if any) is closed. */
    private readonly onEnd: () => void,
  ) {
    this.tally = new RunTally(start.timeStart);
    this.timer = setTimeout(() => this.showRunning(), showRunningAfterMs);
  }

  /** Whether `end` was called. */
  get hasEnded(): boolean {
    return this.ended;
  }

  /** The id of the RUNNING row, once written (shutdown marks it STOPPED when the run outlives the wait). */
  async runningRowId(): Promise<string | undefined> {
    return this.row;
  }

  /**
   * End the run. Answers its finished row for the caller to write with its batch, or undefined when
   * the run already had a RUNNING row, which this call has closed.
   */
  async end(failure?: { error: unknown }): Promise<FinishedJobRun | undefined> {
    if (this.ended) throw new Error(`job run ${this.start.name} ended twice`);
    this.ended = true;
    clearTimeout(this.timer);
    const finished = this.tally.finish(failure && { error: failure.error, stopped: this.signal.aborted });
    try {
      const id = await this.row;
      if (!id) return { ...this.start, ...finished };
      await this.history.finish(id, finished);
    } catch (err) {
      this.log.warn({ err, job: this.start.name }, 'could not record the end of a job run');
    } finally {
      this.onEnd();
    }
    return undefined;
  }

  private showRunning(): void {
    if (this.ended) return;
    this.row = this.history.start(this.start).catch((err: unknown) => {
      this.log.warn({ err, job: this.start.name }, 'could not record a job run as RUNNING');
      return undefined;
    });
  }
}
