// Canaries as config as code: apply (upsert, sync checks, schedule), get, list and delete, each inside
// the caller's transaction. Used by the Canary kind of /api/resources and the CLI.
import type { Kysely } from 'kysely';
import { CANARY_API_VERSION, CANARY_KIND } from '@ops/shared';
import type { Database } from '../../db/schema.js';
import type { ParsedCanary } from './engine/index.js';
import { lockSchedules } from '../../scheduling/index.js';
import { findCanary, listCanaries, liveCanaryIds, softDeleteCanary, upsertCanary, type CanaryRecord } from './canary.repository.js';
import { CANARY_SCHEDULE_KIND, syncCanary } from './canary-sync.js';
import { scheduleTextOfSpec } from './engine/index.js';

/** Source of canaries written by `POST /api/resources/apply` (the UI writes 'UI'). */
export const APPLY_SOURCE = 'apply';

/** A canary as `ops get canary -o yaml` prints it (re-appliable). */
export interface CanaryResource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string } & Record<string, unknown>;
  spec: Record<string, unknown>;
  status: Record<string, unknown>;
}

/** Canaries as resources: apply, get, list, delete (the Canary kind's storage). */
export class CanaryStore {
  constructor(private readonly timeoutMs: number) {}

  /** Create or update the canary of a parsed document; its checks and schedule follow in the same transaction. */
  async apply(
    db: Kysely<Database>,
    canary: ParsedCanary,
    createdBy: string,
  ): Promise<{ id: string; action: 'created' | 'updated' | 'unchanged' }> {
    const { metadata, spec } = canary.document;
    const result = await upsertCanary(db, {
      name: metadata.name,
      namespace: metadata.namespace,
      spec,
      labels: metadata.labels,
      source: APPLY_SOURCE,
      createdBy,
    });
    if (result.action !== 'unchanged') await syncCanary(db, result.id, { now: new Date(), timeoutMs: this.timeoutMs, parsed: canary });
    return result;
  }

  /**
   * Lock the schedule rows of the live canaries among `keys` in the result writer's order, before the
   * apply changes their checks (the writer closes runs and stores statuses of the same canaries).
   */
  async lockForApply(db: Kysely<Database>, keys: { namespace: string; name: string }[]): Promise<void> {
    await lockSchedules(db, CANARY_SCHEDULE_KIND, await liveCanaryIds(db, keys));
  }

  /** One live canary by namespace and name. */
  async get(db: Kysely<Database>, name: string, namespace: string): Promise<CanaryResource | undefined> {
    const row = await findCanary(db, { namespace, name });
    return row && toResource(row);
  }

  /** A page of live canaries. */
  async list(db: Kysely<Database>, q: { namespace?: string; limit: number; offset: number }): Promise<CanaryResource[]> {
    return (await listCanaries(db, q)).map(toResource);
  }

  /** Soft-delete a canary and its checks and unschedule it; false when there is no such canary. */
  async delete(db: Kysely<Database>, name: string, namespace: string): Promise<boolean> {
    const row = await findCanary(db, { namespace, name });
    if (!row || !(await softDeleteCanary(db, row.id))) return false;
    await syncCanary(db, row.id, { now: new Date(), timeoutMs: this.timeoutMs });
    return true;
  }
}

function toResource(row: CanaryRecord): CanaryResource {
  return {
    apiVersion: CANARY_API_VERSION,
    kind: CANARY_KIND,
    metadata: {
      name: row.name,
      namespace: row.namespace,
      ...(Object.keys(row.labels ?? {}).length ? { labels: row.labels } : {}),
      uid: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      createdBy: row.created_by_name ?? null,
    },
    spec: row.spec,
    status: { source: row.source, schedule: scheduleTextOfSpec(row.spec ?? {}) },
  };
}
