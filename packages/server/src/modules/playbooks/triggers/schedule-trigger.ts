// Schedule triggers (`on.schedule: [{schedule, parameters}]`): the playbook kind of the spec scheduler. One
// schedule row per playbook holds the earliest next run of its entries; a run submits one playbook run for
// each entry due at that time (trigger 'schedule', the entry's parameters), then moves the row on.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import { ownerId } from '../../../jobs/instance.js';
import {
  completeRuns,
  SpecScheduler,
  type ChangedResource,
  type ClaimedRun,
  type ScheduledKind,
  type SyncedSchedule,
} from '../../../scheduling/index.js';
import { submitRun } from '../engine/index.js';
import { recordTriggerFailure } from './trigger-failure.js';
import { entriesDueAt, nextScheduledRun, scheduleEntries, type ScheduleEntry } from './schedule-entries.js';
import { triggerPlaybookById } from './triggers.repository.js';

/** spec_schedules.kind of playbooks (migration 0034 marks their rows dirty on every write). */
export const PLAYBOOK_SCHEDULE_KIND = 'playbook';
// Submitting runs is quick: a claim held longer than this is presumed dead.
const SUBMIT_TIMEOUT_MS = 60_000;

/** The schedule row of a changed playbook: its earliest next run, or an error naming the entry. */
export async function playbookScheduleRow(db: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule> {
  const playbook = await triggerPlaybookById(db, change.resourceId);
  const text = (playbook?.spec.on?.schedule ?? []).map((e) => e.schedule ?? '').join('; ');
  if (!playbook) return { schedule: '', timeoutMs: SUBMIT_TIMEOUT_MS, nextRunAt: null, error: null };
  try {
    return {
      schedule: text,
      timeoutMs: SUBMIT_TIMEOUT_MS,
      nextRunAt: nextScheduledRun(scheduleEntries(playbook.id, playbook.spec), now),
      error: null,
    };
  } catch (err) {
    return { schedule: text, timeoutMs: SUBMIT_TIMEOUT_MS, nextRunAt: null, error: (err as Error).message };
  }
}

class PlaybookSchedules implements ScheduledKind {
  readonly kind = PLAYBOOK_SCHEDULE_KIND;

  constructor(
    private readonly ctx: AppContext,
    private readonly owner: string,
  ) {}

  sync(trx: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule> {
    return playbookScheduleRow(trx, change, now);
  }

  async run(claim: ClaimedRun): Promise<void> {
    const started = new Date();
    const playbook = await triggerPlaybookById(this.ctx.db.kysely, claim.resourceId);
    let entries: ScheduleEntry[] = [];
    try {
      entries = playbook ? scheduleEntries(playbook.id, playbook.spec) : [];
    } catch (err) {
      await recordTriggerFailure(this.ctx, claim.resourceId, 'schedule', err);
    }
    for (const entry of entriesDueAt(entries, claim.slot)) {
      try {
        await submitRun(this.ctx, { playbookId: claim.resourceId, resource: {}, params: entry.parameters, trigger: 'schedule' });
      } catch (err) {
        await recordTriggerFailure(this.ctx, claim.resourceId, 'schedule', err);
      }
    }
    await completeRuns(this.ctx.db.kysely, this.kind, this.owner, [
      { resourceId: claim.resourceId, version: claim.version, next: nextScheduledRun(entries, new Date()), ranAt: started },
    ]);
  }
}

/** Submits the runs of playbooks' schedule triggers in this process, a few playbooks at a time. */
export class PlaybookScheduleScheduler extends SpecScheduler {
  constructor(ctx: AppContext) {
    const owner = ownerId(`playbook-schedule-${randomBytes(3).toString('hex')}`);
    super(ctx.db, ctx.log, new PlaybookSchedules(ctx, owner), owner, { concurrency: 4, claimIntervalMs: 500, lookaheadMs: 0 });
  }
}
