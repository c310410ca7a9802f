import { hostname } from 'node:os';
import { INSTANCE } from './instance.js';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHistoryService } from '../modules/job-history/job-history.service.js';
import type { JobResource } from '../modules/job-history/job-history.types.js';
import { DeferredJobRun } from './deferred-run.js';
import type { JobQueueRepository, QueueDepth } from './job-queue.repository.js';
import { JobRunState, type JobRun } from './job-run.js';

/** Thrown by `record` once shutdown began: no new run starts on a stopping server. */
export class JobsStoppingError extends Error {
  constructor(name: string) {
    super(`job ${name} not started: the server is shutting down`);
  }
}

interface ActiveRun {
  controller: AbortController;
  done: Promise<unknown>;
  /** Its RUNNING row, if it has one. */
  historyId(): Promise<string | undefined>;
}

/**
 * Records every run of a background job in job_history: RUNNING at start, then SUCCESS, WARNING,
 * FAILED or STOPPED (shutdown) with counts, duration, details and errors. `ctx.jobs` is one of these.
 */
export class JobRecorder {
  private readonly active = new Set<ActiveRun>();
  private stopping = false;

  constructor(
    readonly history: JobHistoryService,
    private readonly queue: JobQueueRepository,
    private readonly log: FastifyBaseLogger,
    private readonly host = hostname(),
  ) {}

  /** Run `body` as one recorded run of job `name`; its result is returned and its error rethrown. */
  async record<T>(name: string, resource: JobResource, body: (run: JobRun) => Promise<T>): Promise<T> {
    if (this.stopping) throw new JobsStoppingError(name);
    const timeStart = new Date();
    const id = await this.history.start({ name, ...resource, hostname: this.host, owner: INSTANCE.id, timeStart });
    const controller = new AbortController();
    const run = new JobRunState(id, controller.signal, timeStart);
    const done = this.execute(run, body);
    const active: ActiveRun = { controller, done, historyId: () => Promise.resolve(id) };
    this.active.add(active);
    try {
      return await done;
    } finally {
      this.active.delete(active);
    }
  }

  /**
   * Start a run whose history row the caller writes, batched with others, when it ends (`end()` answers
   * the row); a run going longer than `showRunningAfterMs` shows as RUNNING meanwhile. The caller must
   * call `end()` in every outcome: shutdown waits for it.
   */
  defer(name: string, resource: JobResource, showRunningAfterMs = 1_000): DeferredJobRun {
    if (this.stopping) throw new JobsStoppingError(name);
    const controller = new AbortController();
    let ended!: () => void;
    const active: ActiveRun = { controller, done: new Promise<void>((resolve) => (ended = resolve)), historyId: () => run.runningRowId() };
    const run = new DeferredJobRun(
      this.history,
      this.log,
      { name, ...resource, hostname: this.host, owner: INSTANCE.id, timeStart: new Date() },
      controller.signal,
      showRunningAfterMs,
      () => {
        this.active.delete(active);
        ended();
      },
    );
    this.active.add(active);
    return run;
  }

  /** Queued, retrying, running and failed jobs per pg-boss queue (metrics). */
  async queueDepth(): Promise<QueueDepth[]> {
    return this.queue.depth();
  }

  /** How many runs of this process are in progress. */
  get running(): number {
    return this.active.size;
  }

  /**
   * Shutdown: refuse new runs, abort the running ones, wait up to `timeoutMs` for them to end, and mark
   * those still going STOPPED (their late end then leaves the row alone).
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    const runs = [...this.active];
    for (const r of runs) r.controller.abort(new Error('server shutting down'));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled(runs.map((r) => r.done)), timeout]);
    clearTimeout(timer);
    const left = (await Promise.all([...this.active].map((r) => r.historyId()))).filter((id): id is string => id !== undefined);
    if (left.length) {
      await this.history
        .markStopped(left, `stopped: the server shut down after waiting ${timeoutMs} ms for the run`)
        .catch((err: unknown) => {
          this.log.warn({ err }, 'could not mark interrupted job runs STOPPED');
        });
    }
  }

  private async execute<T>(run: JobRunState, body: (run: JobRun) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await body(run);
    } catch (error) {
      await this.close(run, run.finish({ error }));
      throw error;
    }
    await this.close(run, run.finish());
    return result;
  }

  // A history write failing (database gone during shutdown) must not replace the job's own outcome.
  private async close(run: JobRunState, finished: ReturnType<JobRunState['finish']>): Promise<void> {
    try {
      await this.history.finish(run.historyId, finished);
    } catch (err) {
      this.log.warn({ err, historyId: run.historyId }, 'could not record the end of a job run');
    }
  }
}
