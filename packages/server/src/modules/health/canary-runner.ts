// Runs one claimed canary: every check through the engine (bounded by the per-check timeout), its
// results stored through the batching writer, the run recorded in job history (resource_type canary).
import type { AppContext } from '../../context.js';
import { runCanary, type CheckResult } from './engine/index.js';
import type { CanaryCache, LoadedCanary } from './canary-cache.js';
import { statusRows } from './canary-results.js';
import type { ResultWriter } from './result-writer.js';
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

  /** Run a claim now; resolves when its results and next run are stored. */
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
    try {
      await this.record(claim, loaded, started, signal);
    } catch (err) {
      // Stopped or broken: give the canary back at its next slot (the lease would otherwise hold it).
      this.ctx.log.warn({ err, canaryId: loaded.id }, 'canary run did not complete');
      const { next } = nextRunAfter(loaded.parsed.schedule, loaded.id, claim.slot, new Date());
      await this.writer
        .write([], { resourceId: loaded.id, version: claim.version, next: next ?? null, ranAt: null })
        .catch(() => undefined);
    }
  }

  private async record(claim: ClaimedRun, loaded: LoadedCanary, started: Date, signal: AbortSignal): Promise<void> {
    await this.ctx.jobs.record(CANARY_RUN_JOB, { resourceType: 'canary', resourceId: loaded.id, agentId: loaded.agentId }, async (run) => {
      const results = await runCanary(loaded.parsed, { signal: AbortSignal.any([signal, run.signal]), timeoutMs: claim.timeoutMs });
      const { next, missed } = nextRunAfter(loaded.parsed.schedule, loaded.id, claim.slot, new Date());
      const rows = await statusRows(this.ctx.db.kysely, loaded, results, next ?? null);
      await this.writer.write(rows, { resourceId: loaded.id, version: claim.version, next: next ?? null, ranAt: started });
      countResults(run, results);
      Object.assign(run.details, {
        summary: { passed: results.filter((r) => r.pass).length, failed: results.filter((r) => !r.pass).length },
        slot: claim.slot.toISOString(),
        lag_ms: Math.max(0, started.getTime() - claim.slot.getTime()),
        missed,
        runner: this.owner,
      });
    });
  }
}

/** Like canary-checker: a passing check counts as a success, a failing one as an error naming it. */
export function countResults(run: { success(n?: number): void; error(e: unknown): void }, results: CheckResult[]): void {
  for (const r of results) {
    if (r.pass) run.success();
    else run.error(`${r.identity.type}/${r.identity.name}: ${r.error || r.message || 'failed'}`);
  }
}
