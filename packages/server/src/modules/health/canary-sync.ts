// Syncs a canary's checks and schedule from its spec: checks are upserted by identity (type, name),
// checks no longer in the spec are soft-deleted, and the first run is scheduled. A deleted canary
// soft-deletes its checks and is unscheduled.
import type { Kysely } from 'kysely';
import { CANARY_API_VERSION } from '@ops/shared';
import type { Database } from '../../db/schema.js';
import { CanaryValidationError, parseCanary, type ParsedCanary } from './engine/index.js';
import { canaryById, softDeleteChecks, upsertChecks, type CanaryRecord, type CheckIds, type CheckInput } from './canary.repository.js';
import { markSynced } from './schedule.repository.js';
import { firstRunAt, runTimeoutMs } from './scheduling.js';

export type SyncOutcome =
  { state: 'scheduled'; nextRunAt: Date | null; checks: CheckIds } | { state: 'deleted' } | { state: 'invalid'; error: string };

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

/** Sync one canary inside `db` (a transaction that holds its schedule row). */
export async function syncCanary(db: Kysely<Database>, canaryId: string, opts: { now: Date; timeoutMs: number }): Promise<SyncOutcome> {
  const row = await canaryById(db, canaryId);
  if (!row || row.deleted_at) {
    await softDeleteChecks(db, canaryId, [], { keepTransformed: false });
    if (row) await markSynced(db, canaryId, { schedule: '', timeoutMs: opts.timeoutMs, nextRunAt: null, error: null });
    return { state: 'deleted' };
  }
  let parsed: ParsedCanary;
  try {
    parsed = parseCanaryRow(row);
  } catch (err) {
    if (!(err instanceof CanaryValidationError)) throw err;
    // Written around the API's validation: keep its checks as they were, but do not run it.
    await markSynced(db, canaryId, { schedule: row.schedule, timeoutMs: opts.timeoutMs, nextRunAt: null, error: err.message });
    return { state: 'invalid', error: err.message };
  }
  const checks = await upsertChecks(db, canaryId, row.agent_id, checkInputs(parsed));
  await softDeleteChecks(db, canaryId, [...checks.values()], { keepTransformed: true });
  const nextRunAt = firstRunAt(parsed.schedule, canaryId, opts.now) ?? null;
  await markSynced(db, canaryId, {
    schedule: parsed.schedule.expression,
    timeoutMs: runTimeoutMs(parsed.schedule, opts.timeoutMs, opts.now),
    nextRunAt,
    error: null,
  });
  return { state: 'scheduled', nextRunAt, checks };
}
