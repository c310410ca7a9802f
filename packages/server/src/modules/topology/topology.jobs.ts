// The topology scheduler of one process: the spec scheduler (scheduling/) with topologies as its kind.
// A topology runs when applied (its schedule row says "now"), then on its schedule; a run takes the
// topology's lease, so it never overlaps a Run Now.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ownerId } from '../../jobs/instance.js';
import {
  completeRuns,
  SpecScheduler,
  type ChangedResource,
  type ClaimedRun,
  type ScheduledKind,
  type SyncedSchedule,
} from '../../scheduling/index.js';
import { topologyById } from './engine/index.js';
import { nextTopologyRun, runTopology, topologyScheduleRow, TOPOLOGY_SCHEDULE_KIND } from './topology.service.js';

class TopologyRuns implements ScheduledKind {
  readonly kind = TOPOLOGY_SCHEDULE_KIND;

  constructor(
    private readonly ctx: AppContext,
    private readonly owner: string,
  ) {}

  sync(trx: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule> {
    return topologyScheduleRow(trx, change, now);
  }

  async run(claim: ClaimedRun): Promise<void> {
    const row = await topologyById(this.ctx.db.kysely, claim.resourceId);
    const started = new Date();
    try {
      if (row) await runTopology(this.ctx, row);
    } catch (err) {
      this.ctx.log.warn({ err, topology: claim.resourceId }, 'scheduled topology run failed');
    }
    await completeRuns(this.ctx.db.kysely, this.kind, this.owner, [
      { resourceId: claim.resourceId, version: claim.version, next: nextTopologyRun(row, claim.resourceId, claim.slot), ranAt: started },
    ]);
  }
}

/** Runs due topologies of this process, two at a time. */
export class TopologyScheduler extends SpecScheduler {
  constructor(ctx: AppContext) {
    const owner = ownerId(`topology-${randomBytes(3).toString('hex')}`);
    super(ctx.db, ctx.log, new TopologyRuns(ctx, owner), owner, { concurrency: 2, claimIntervalMs: 1_000, lookaheadMs: 0 });
  }
}
