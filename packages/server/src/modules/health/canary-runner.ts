// Runs one claimed canary: every check through the engine (bounded by the per-check timeout), its
// results stored through the batching writer together with the run's job history row (resource_type
// canary), which is written once, finished, in the writer's batch (a run still going after a second shows
// as RUNNING meanwhile, see DeferredJobRun).
import type { AppContext } from '../../context.js';
import type { DeferredJobRun } from '../../jobs/deferred-run.js';
import { runCanary, type CheckResult } from './engine/index.js';
import type { CanaryCache, LoadedCanary } from './canary-cache.js';
import { statusRows } from './canary-results.js';
import type { ResultWriter } from './result-writer.js';
import { checkMetrics } from './metrics/check-metrics.js';
import { nextRunAfter, type ClaimedRun } from '../../scheduling/index.js';

/** job_history.name of canary runs (scheduled and Run Now). */
export const CANARY_RUN_JOB = 'canary-run';

/** Runs claimed canaries for the scheduler of one process. */
export class CanaryRunner {
  constructor(
    private readonly ctx: AppContext,
    private readonly cache: CanaryCache,
    private readonly writer: ResultWriter,
    private readonly owner: string,
  ) {}

  /**
   * Run a claim now; resolves when its results and next run wait in the writer. `signal` is the scheduler's:
   * it stops before the job recorder does (the server's stop order), so the run's job signal is not joined
   * to it (AbortSignal.any on every run was a visible share of a run's CPU).
   */
  async run(claim: ClaimedRun, signal: AbortSignal): Promise<void> {
    let canary: LoadedCanary | undefined;
    try {
      canary = await this.cache.get(claim.resourceId, claim.version);
    } catch (err) {
      this.ctx.log.warn({ err, canaryId: claim.resourceId }, 'canary no longer parses; not running it');
    }
    if (!canary) {
      await this.writer.write([], { resourceId: claim.resourceId, version: claim.version, next: null, ranAt: null });
      return;
    }
    const loaded = canary;
    const started = new Date();
    const job = this.ctx.jobs.defer(CANARY_RUN_JOB, { resourceType: 'canary', resourceId: loaded.id, agentId: loaded.agentId });
    try {
      const results = await runCanary(loaded.parsed, { signal, timeoutMs: claim.timeoutMs, connections: this.ctx.connections });
      // Stopped half-way (shutdown): the results are the stop's, not the checks'; nothing is stored.
      if (signal.aborted) throw signal.reason;
      const { next, missed } = nextRunAfter(loaded.parsed.schedule, loaded.id, claim.slot, new Date());
      const rows = await statusRows(this.ctx.db.kysely, loaded, results, next ?? null);
      checkMetrics(this.ctx).recordRun(loaded, results);
      countResults(job.tally, results);
      Object.assign(job.tally.details, {
        summary: { passed: results.filter((r) => r.pass).length, failed: results.filter((r) => !r.pass).length },
        slot: claim.slot.toISOString(),
        lag_ms: Math.max(0, started.getTime() - claim.slot.getTime()),
        missed,
        runner: this.owner,
      });
      const history = await job.end();
      // Queued, not awaited: the run's slot in the pool is free once its results wait in the writer, whose
      // batch closes the lease (the scheduler drains the writer on stop). A batch that fails is logged by
      // the writer; the lease then runs out and the canary runs again.
      this.writer
        .write(rows, { resourceId: loaded.id, version: claim.version, next: next ?? null, ranAt: started }, history)
        .catch(() => undefined);
    } catch (err) {
      // Stopped or broken: give the canary back at its next slot (the lease would otherwise hold it).
      if (!signal.aborted) this.ctx.log.warn({ err, canaryId: loaded.id }, 'canary run did not complete');
      const history = await endOnce(job, err);
      const { next } = nextRunAfter(loaded.parsed.schedule, loaded.id, claim.slot, new Date());
      await this.writer
        .write([], { resourceId: loaded.id, version: claim.version, next: next ?? null, ranAt: null }, history)
        .catch(() => undefined);
    }
  }
}

// The run's row after a failure; undefined when the run had ended already (the batch write failed).
async function endOnce(job: DeferredJobRun, error: unknown) {
  return job.hasEnded ? undefined : job.end({ error });
}

/** Like canary-checker: a passing check counts as a success, a failing one as an error naming it. */
export function countResults(run: { success(n?: number): void; error(e: unknown): void }, results: CheckResult[]): void {
  for (const r of results) {
    if (r.pass) run.success();
    else run.error(`${r.identity.type}/${r.identity.name}: ${r.error || r.message || 'failed'}`);
  }
}
