// The spec scheduler on a real database, with a kind of its own: two schedulers (two processes) share
// the runs without running a resource twice at once, Run Now waits for the lease, and a stop gives
// claimed runs back.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.js';
import { createDb, type Db } from '../db/pool.js';
import type { Database } from '../db/schema.js';
import { createTestDatabase } from '../test/test-db.js';
import { firstRunAt, nextRunAfter } from './next-run.js';
import { ResourceBusyError, withRunLease } from './run-lease.js';
import { parseSchedule } from './schedule.js';
import { completeRuns, scheduleOf, type ChangedResource, type ClaimedRun, type SyncedSchedule } from './spec-schedules.repository.js';
import { SpecScheduler, type ScheduledKind } from './spec-scheduler.js';

const KIND = 'test-kind';
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const everySecond = parseSchedule('@every 1s', { minIntervalMs: 1000, emptyMeans: '@never' });

interface Run {
  owner: string;
  resourceId: string;
  slot: number;
  start: number;
  end: number;
}

/** A kind whose runs take `runMs` and are logged in `runs`. */
class TestKind implements ScheduledKind {
  readonly kind = KIND;
  constructor(
    private readonly db: Db,
    private readonly owner: string,
    private readonly runs: Run[],
    private readonly runMs: number,
  ) {}

  async sync(_trx: Kysely<Database>, change: ChangedResource, now: Date): Promise<SyncedSchedule> {
    return {
      schedule: everySecond.expression,
      timeoutMs: 5_000,
      nextRunAt: firstRunAt(everySecond, change.resourceId, now) ?? null,
      error: null,
    };
  }

  async run(claim: ClaimedRun): Promise<void> {
    const start = Date.now();
    await new Promise((r) => setTimeout(r, this.runMs));
    this.runs.push({ owner: this.owner, resourceId: claim.resourceId, slot: claim.slot.getTime(), start, end: Date.now() });
    const { next } = nextRunAfter(everySecond, claim.resourceId, claim.slot, new Date());
    await completeRuns(this.db.kysely, KIND, this.owner, [
      { resourceId: claim.resourceId, version: claim.version, next: next ?? null, ranAt: new Date(start) },
    ]);
  }
}

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = createDb(testDb.url);
  await migrate(db.pool);
});
afterAll(async () => {
  await db?.close();
  await testDb?.drop();
});

async function addResources(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => randomUUID());
  await db.kysely
    .insertInto('spec_schedules')
    .values(ids.map((id) => ({ kind: KIND, resource_id: id })))
    .execute();
  return ids;
}

function scheduler(owner: string, runs: Run[], runMs: number): SpecScheduler {
  return new SpecScheduler(db, quiet, new TestKind(db, owner, runs, runMs), owner, {
    concurrency: 3,
    claimIntervalMs: 100,
    syncIntervalMs: 100,
  });
}

describe('spec scheduler', () => {
  beforeEach(async () => {
    await db.kysely.deleteFrom('spec_schedules').where('kind', '=', KIND).execute();
  });

  it('shares due runs between two processes, never running a resource twice at once', async () => {
    const ids = await addResources(8);
    const runs: Run[] = [];
    const a = scheduler('proc-a', runs, 300);
    const b = scheduler('proc-b', runs, 300);
    a.start();
    b.start();
    await new Promise((r) => setTimeout(r, 4_500));
    await Promise.all([a.stop(), b.stop()]);
    for (const id of ids) {
      const mine = runs.filter((r) => r.resourceId === id).sort((x, y) => x.start - y.start);
      expect(mine.length, `runs of ${id}`).toBeGreaterThanOrEqual(2);
      expect(new Set(mine.map((r) => r.slot)).size, 'one run per slot').toBe(mine.length);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.start, 'no overlapping runs').toBeGreaterThanOrEqual(mine[i - 1]!.end);
    }
    expect(new Set(runs.map((r) => r.owner))).toEqual(new Set(['proc-a', 'proc-b']));
    const rows = await db.kysely.selectFrom('spec_schedules').select(['claimed_by', 'dirty']).where('kind', '=', KIND).execute();
    expect(rows.filter((r) => r.claimed_by !== null || r.dirty)).toEqual([]);
  });

  it('makes Run Now wait for the lease of a run in progress, then records its run', async () => {
    const [id] = await addResources(1);
    const runs: Run[] = [];
    const s = scheduler('proc-c', runs, 1_500);
    s.start();
    for (let i = 0; i < 50 && !(await scheduleOf(db.kysely, KIND, id!))?.claimed_by; i++) await new Promise((r) => setTimeout(r, 100));
    const lease = { kind: KIND, resourceId: id!, owner: 'run-now', leaseMs: 5_000, busyMessage: 'busy now' };
    await expect(withRunLease(db, { ...lease, waitMs: 0 }, async () => 'ran')).rejects.toBeInstanceOf(ResourceBusyError);
    await s.stop();
    const before = Date.now();
    await expect(withRunLease(db, { ...lease, waitMs: 3_000 }, async () => 'ran')).resolves.toBe('ran');
    const row = await scheduleOf(db.kysely, KIND, id!);
    expect(row?.claimed_by).toBeNull();
    expect(new Date(row!.last_run_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('gives runs claimed ahead of their time back when it stops', async () => {
    const [id] = await addResources(1);
    const runs: Run[] = [];
    const s = new SpecScheduler(db, quiet, new TestKind(db, 'proc-d', runs, 10), 'proc-d', {
      concurrency: 1,
      claimIntervalMs: 100,
      syncIntervalMs: 100,
      lookaheadMs: 60_000,
    });
    await db.kysely
      .updateTable('spec_schedules')
      .set({ dirty: false, next_run_at: new Date(Date.now() + 30_000) })
      .where('resource_id', '=', id!)
      .execute();
    s.start();
    for (let i = 0; i < 50 && s.inFlight === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await scheduleOf(db.kysely, KIND, id!)).toMatchObject({ claimed_by: 'proc-d' });
    await s.stop();
    const row = await scheduleOf(db.kysely, KIND, id!);
    expect(row?.claimed_by).toBeNull();
    expect(new Date(row!.next_run_at!).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(runs).toEqual([]);
  });

  it('claims more runs than it runs at once, starts them in groups, and never exceeds its pool', async () => {
    const ids = await addResources(12);
    const runs: Run[] = [];
    let running = 0;
    let most = 0;
    const kind = new TestKind(db, 'proc-e', runs, 150);
    const counted: ScheduledKind = {
      kind: KIND,
      sync: (trx, change, now) => kind.sync(trx, change, now),
      run: async (claim) => {
        most = Math.max(most, ++running);
        try {
          await kind.run(claim);
        } finally {
          running--;
        }
      },
    };
    const s = new SpecScheduler(db, quiet, counted, 'proc-e', {
      concurrency: 2,
      maxClaimed: 12,
      claimIntervalMs: 100,
      syncIntervalMs: 100,
      lookaheadMs: 1_000,
      startQuantumMs: 250,
    });
    s.start();
    await new Promise((r) => setTimeout(r, 3_000));
    await s.stop();
    expect(most).toBe(2);
    // Every resource ran although only two run at once: the rest waited in the queue, not in the table.
    expect(new Set(runs.map((r) => r.resourceId))).toEqual(new Set(ids));
    // Runs start on the 250 ms grid (a queued run starts when a slot frees, which is later).
    const onGrid = runs.filter((r) => r.start % 250 < 60);
    expect(onGrid.length).toBeGreaterThanOrEqual(2);
    for (const r of runs) expect(r.start).toBeGreaterThanOrEqual(Math.ceil(r.slot / 250) * 250 - 5);
  });
});
