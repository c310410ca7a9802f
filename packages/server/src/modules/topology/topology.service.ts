// Running topologies: one run (recorded as one job-history entry, resource 'topology'), Run Now under the
// topology's lease (so a run never overlaps a scheduled one), and the schedule row of a topology.
import type { TopologyRunResponse } from '@ops/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ownerId } from '../../jobs/instance.js';
import {
  firstRunAt,
  markSynced,
  nextRunAfter,
  parseSchedule,
  ResourceBusyError,
  withRunLease,
  type ChangedResource,
  type SyncedSchedule,
} from '../../scheduling/index.js';
import {
  parseTopology,
  runTopologyOnce,
  topologyById,
  topologyDocument,
  TOPOLOGY_SCHEDULE_RULES,
  type TopologyRow,
} from './engine/index.js';

/** spec_schedules.kind of topologies. */
export const TOPOLOGY_SCHEDULE_KIND = 'topology';
/** job_history name and resource type of a run. */
export const TOPOLOGY_JOB_NAME = 'topology';
export const TOPOLOGY_RESOURCE_TYPE = 'topology';
/** A run holding its lease longer than this is presumed dead. */
export const TOPOLOGY_RUN_TIMEOUT_MS = 15 * 60_000;
// One lookup check may take this long.
const LOOKUP_TIMEOUT_MS = 60_000;

/** The topology is running already (scheduled, or another Run Now). */
export class TopologyBusyError extends Error {
  constructor() {
    super('The topology is already running; try again when the current run has finished');
  }
}

// A run whose lookups failed: its outcome is kept while the job ends FAILED.
class IncompleteRun extends Error {
  constructor(readonly response: TopologyRunResponse) {
    super(response.errors.join('; ') || 'the run did not complete');
  }
}

/** Run a topology now and record it; the caller holds its lease. A failed lookup answers status FAILED. */
export async function runTopology(ctx: AppContext, row: TopologyRow): Promise<TopologyRunResponse> {
  try {
    return await ctx.jobs.record(
      TOPOLOGY_JOB_NAME,
      { resourceType: TOPOLOGY_RESOURCE_TYPE, resourceId: row.id, agentId: row.agent_id },
      async (run) => {
        const started = Date.now();
        const parsed = parseTopology(topologyDocument(row));
        const outcome = await runTopologyOnce({
          db: ctx.db.kysely,
          topology: { id: row.id, name: row.name, namespace: row.namespace, schedule: parsed.schedule.expression, agentId: row.agent_id },
          document: parsed.document,
          lookups: { connections: ctx.connections, signal: run.signal, timeoutMs: LOOKUP_TIMEOUT_MS },
          checkTimeoutMs: ctx.config.OPS_CHECK_TIMEOUT_SECONDS * 1000,
        });
        const response: TopologyRunResponse = {
          id: row.id,
          status: outcome.complete ? 'SUCCESS' : 'FAILED',
          components: outcome.components,
          deleted: outcome.deleted,
          errors: outcome.errors,
          duration_ms: Date.now() - started,
        };
        run.details.topology_run = response;
        if (!outcome.complete) throw new IncompleteRun(response);
        run.success(outcome.components);
        return response;
      },
    );
  } catch (err) {
    if (err instanceof IncompleteRun) return err.response;
    throw err;
  }
}

/** Run a topology now (POST /api/topology/{id}/run); undefined when no live topology has this id. */
export async function runTopologyNow(ctx: AppContext, id: string): Promise<TopologyRunResponse | undefined> {
  const row = await topologyById(ctx.db.kysely, id);
  if (!row) return undefined;
  const lease = {
    kind: TOPOLOGY_SCHEDULE_KIND,
    resourceId: id,
    owner: ownerId('topology-run-now'),
    leaseMs: TOPOLOGY_RUN_TIMEOUT_MS,
    waitMs: 0,
    busyMessage: new TopologyBusyError().message,
  };
  try {
    return await withRunLease(ctx.db, lease, () => runTopology(ctx, row));
  } catch (err) {
    if (err instanceof ResourceBusyError) throw new TopologyBusyError();
    throw err;
  }
}

/** The schedule row of a changed topology: a new or changed one runs at once, then on its schedule. */
export async function topologyScheduleRow(db: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule> {
  const row = await topologyById(db, change.resourceId);
  if (!row) return { schedule: '', timeoutMs: TOPOLOGY_RUN_TIMEOUT_MS, nextRunAt: null, error: null };
  const text = typeof row.spec.schedule === 'string' ? row.spec.schedule : undefined;
  try {
    const schedule = parseSchedule(text, TOPOLOGY_SCHEDULE_RULES);
    return {
      schedule: schedule.expression,
      timeoutMs: TOPOLOGY_RUN_TIMEOUT_MS,
      nextRunAt: firstRunAt(schedule, row.id, now) ?? null,
      error: null,
    };
  } catch (err) {
    return { schedule: text ?? '', timeoutMs: TOPOLOGY_RUN_TIMEOUT_MS, nextRunAt: null, error: (err as Error).message };
  }
}

/** The next run after a run of `slot` ended: whole intervals after it. */
export function nextTopologyRun(row: TopologyRow | undefined, resourceId: string, slot: Date): Date | null {
  if (!row) return null;
  try {
    const schedule = parseSchedule(typeof row.spec.schedule === 'string' ? row.spec.schedule : undefined, TOPOLOGY_SCHEDULE_RULES);
    return nextRunAfter(schedule, resourceId, slot, new Date(), 'previous-run').next ?? null;
  } catch {
    return null;
  }
}

/** Sync one topology's schedule now, inside the caller's transaction (apply, delete). */
export async function syncTopology(db: Kysely<Database>, id: string, now = new Date()): Promise<void> {
  await markSynced(db, TOPOLOGY_SCHEDULE_KIND, id, await topologyScheduleRow(db, { resourceId: id, lastRunAt: undefined }, now));
}
