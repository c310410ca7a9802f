// Syncs a canary's checks and schedule from its spec: checks are upserted by identity (type, name),
// checks no longer in the spec are soft-deleted, and the first run is scheduled. A deleted canary
// soft-deletes its checks and is unscheduled.
import type { Kysely } from 'kysely';
import { CANARY_API_VERSION } from '@ops/shared';
import type { Database } from '../../db/schema.js';
import { CanaryValidationError, parseCanary, scheduleTextOfSpec, type ParsedCanary } from './engine/index.js';
import { canaryById, checkKey, softDeleteChecks, upsertChecks, type CanaryRecord, type CheckInput } from './canary.repository.js';
import { linkCanaryChecks, linkableChecks } from './check-config-links.js';
import { firstRunAt, markSynced, runTimeoutMs, type SyncedSchedule } from '../../scheduling/index.js';

/** spec_schedules.kind of canaries. */
export const CANARY_SCHEDULE_KIND = 'canary';

/** The Canary document of a stored row, as the engine parses it. */
export function canaryDocument(row: Pick<CanaryRecord, 'name' | 'namespace' | 'labels' | 'spec'>): Record<string, unknown> {
  return {
    apiVersion: CANARY_API_VERSION,
    kind: 'Canary',
    metadata: { name: row.name, namespace: row.namespace, labels: row.labels ?? {} },
    spec: row.spec ?? {},
  };
}

/** Parses a stored canary; throws CanaryValidationError when its spec is not valid. */
export function parseCanaryRow(row: Pick<CanaryRecord, 'name' | 'namespace' | 'labels' | 'spec'>): ParsedCanary {
  return parseCanary(canaryDocument(row));
}

/** The check rows a parsed canary holds. */
export function checkInputs(parsed: ParsedCanary): CheckInput[] {
  return parsed.checks.map((c) => ({
    type: c.type,
    name: c.name,
    namespace: c.namespace,
    description: c.description,
    icon: c.icon,
    labels: c.labels,
    owner: c.owner,
    severity: c.severity,
    endpoint: c.endpoint,
    spec: c.spec,
    transformed: false,
  }));
}

/**
 * Sync one canary inside `db` (a transaction that holds its schedule row): its checks follow the spec and
 * the answer is its schedule row. `parsed` is the canary as the caller already parsed it (apply).
 */
export async function canarySchedule(
  db: Kysely<Database>,
  canaryId: string,
  opts: { now: Date; timeoutMs: number; parsed?: ParsedCanary },
): Promise<SyncedSchedule> {
  const row = await canaryById(db, canaryId);
  if (!row || row.deleted_at) {
    await softDeleteChecks(db, canaryId, [], { keepTransformed: false });
    await linkCanaryChecks(db, canaryId, []);
    return { schedule: '', timeoutMs: opts.timeoutMs, nextRunAt: null, error: null };
  }
  let parsed: ParsedCanary;
  try {
    parsed = opts.parsed ?? parseCanaryRow(row);
  } catch (err) {
    if (!(err instanceof CanaryValidationError)) throw err;
    // Written around the API's validation: keep its checks as they were, but do not run it.
    return { schedule: scheduleTextOfSpec(row.spec ?? {}), timeoutMs: opts.timeoutMs, nextRunAt: null, error: err.message };
  }
  const checks = await upsertChecks(db, canaryId, row.agent_id, checkInputs(parsed));
  await softDeleteChecks(db, canaryId, [...checks.values()], { keepTransformed: true });
  await linkCanaryChecks(
    db,
    canaryId,
    linkableChecks(parsed, (c) => checks.get(checkKey(c.type, c.name))),
  );
  const nextRunAt = firstRunAt(parsed.schedule, canaryId, opts.now) ?? null;
  await setNextRuntime(db, canaryId, nextRunAt);
  return {
    schedule: scheduleTextOfSpec(parsed.document.spec),
    timeoutMs: runTimeoutMs(parsed.schedule, opts.timeoutMs, opts.now),
    nextRunAt,
    error: null,
  };
}

/** Sync one canary now and record its new schedule (apply and delete, inside their transaction). */
export async function syncCanary(
  db: Kysely<Database>,
  canaryId: string,
  opts: { now: Date; timeoutMs: number; parsed?: ParsedCanary },
): Promise<void> {
  await markSynced(db, CANARY_SCHEDULE_KIND, canaryId, await canarySchedule(db, canaryId, opts));
}

/** The checks of a canary show its next run. */
export async function setNextRuntime(db: Kysely<Database>, canaryId: string, next: Date | null): Promise<void> {
  await db.updateTable('checks').set({ next_runtime: next }).where('canary_id', '=', canaryId).where('deleted_at', 'is', null).execute();
}
