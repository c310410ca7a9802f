// Runs outside the schedule (Run Now): they take the same lease as scheduled runs, so a resource never
// runs twice at once across processes, whichever way its runs are started.
import type { Db } from '../db/pool.js';
import { acquireLease, releaseLease } from './spec-schedules.repository.js';

/** The resource is running now (a scheduled run or another Run Now) and the caller would not wait. */
export class ResourceBusyError extends Error {}

export interface RunLeaseOptions {
  kind: string;
  resourceId: string;
  /** Lease owner (see ownerId); a dead process's leases are freed by its instance id. */
  owner: string;
  /** How long the run may take; the lease lasts that long plus a margin. */
  leaseMs: number;
  /** How long to wait for a run in progress before giving up (0: do not wait). */
  waitMs: number;
  /** The message of the ResourceBusyError thrown when the lease stays taken. */
  busyMessage: string;
}

/** Run `fn` holding the resource's lease; the run is recorded as its last run. */
export async function withRunLease<T>(db: Db, o: RunLeaseOptions, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + o.waitMs;
  while (!(await acquireLease(db.kysely, o.kind, o.resourceId, o.owner, o.leaseMs))) {
    if (Date.now() >= deadline) throw new ResourceBusyError(o.busyMessage);
    await new Promise((r) => setTimeout(r, 200));
  }
  const started = new Date();
  try {
    return await fn();
  } finally {
    await releaseLease(db.kysely, o.kind, o.resourceId, o.owner, started);
  }
}
