import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/schema.js';
import type { AppContext } from '../context.js';
import { inTransaction } from './queue.js';
import type { Schedule, TickJobData } from './schedule.js';

/**
 * One pg-boss queue and worker per schedule. A claimed tick becomes a queued job; whichever process
 * fetches it runs it inside a job_history record. A thrown error fails the job and pg-boss retries it
 * with exponential backoff; every attempt leaves its own history row.
 */
export class ScheduleWorkers {
  private readonly workerIds = new Map<string, string>();
  private readonly byName: Map<string, Schedule>;

  constructor(
    private readonly boss: PgBoss,
    private readonly ctx: AppContext,
    schedules: Schedule[],
    private readonly pollingIntervalSeconds: number,
  ) {
    this.byName = new Map(schedules.map((s) => [s.name, s]));
  }

  /** Create or update each queue's retry policy and start its worker. */
  async start(): Promise<void> {
    for (const s of this.byName.values()) {
      const policy = {
        name: s.name,
        policy: 'standard' as const,
        retryLimit: s.retryLimit ?? 3,
        retryDelay: s.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: s.timeoutSeconds ?? 900,
      };
      await this.boss.createQueue(s.name, policy);
      await this.boss.updateQueue(s.name, policy);
      const id = await this.boss.work<TickJobData>(
        s.name,
        { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (job) await this.runJob(s, job);
        },
      );
      this.workerIds.set(s.name, id);
    }
  }

  /** Queue the run of a claimed tick inside the claiming transaction. */
  async enqueue(name: string, tick: Date, trx: Kysely<Database>): Promise<void> {
    await this.boss.send(name, { tick: tick.toISOString() } satisfies TickJobData, { db: inTransaction(trx) });
  }

  /** Let this process's worker fetch at once (after the claim committed) instead of at its next poll. */
  wake(name: string): void {
    const id = this.workerIds.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  private async runJob(s: Schedule, job: PgBoss.JobWithMetadata<TickJobData>): Promise<void> {
    await this.ctx.jobs.record(s.name, { resourceType: s.resourceType }, async (run) => {
      run.details.tick = job.data.tick;
      if (job.retryCount > 0) run.details.attempt = job.retryCount + 1;
      await s.run(this.ctx, run);
    });
  }
}
