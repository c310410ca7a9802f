// The result writer's statement: a batch of runs' statuses, checks, schedule rows and job history in one
// statement, on a real database (the scheduler is off, so the test owns every schedule row).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinishedJobRun } from '../../jobs/deferred-run.js';
import { completeRunsQuery, markSynced, scheduleOf } from '../../scheduling/index.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { CANARY_SCHEDULE_KIND } from './canary-sync.js';
import { ensurePartitions, writeStatuses, type StatusRow } from './check-results.repository.js';
import { apply, checksOf, execCanary } from './health-test-helpers.js';

const OWNER = 'writer-test';
let s: TestServer;
let canaryId: string;
let alpha: string;
let beta: string;

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const res = await apply(s, execCanary('batch', '@every 1m', { alpha: 'true', beta: 'true' }, 'batch'));
  canaryId = res.body.results![0]!.id;
  [alpha, beta] = (await checksOf(s, canaryId)).map((c) => c.id) as [string, string];
  await ensurePartitions(s.ctx.db.kysely, new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000));
});
afterAll(async () => {
  await s?.stop();
});

const db = () => s.ctx.db.kysely;

/** Sync the canary's schedule row (a new version) and claim it for OWNER; answers the version. */
async function claim(): Promise<number> {
  await markSynced(db(), CANARY_SCHEDULE_KIND, canaryId, { schedule: '@every 1m', timeoutMs: 60_000, nextRunAt: new Date(), error: null });
  await sql`UPDATE spec_schedules SET claimed_by = ${OWNER}, lease_until = now() + interval '1 minute'
            WHERE kind = ${CANARY_SCHEDULE_KIND} AND resource_id = ${canaryId}`.execute(db());
  return Number((await scheduleOf(db(), CANARY_SCHEDULE_KIND, canaryId))!.version);
}

const status = (checkId: string, time: Date, pass: boolean, nextRuntime: Date): StatusRow => ({
  checkId,
  time,
  duration: 5,
  status: pass,
  invalid: false,
  message: '',
  error: pass ? '' : 'boom',
  detail: null,
  nextRuntime,
});

const history = (time: Date, name = 'canary-run'): FinishedJobRun => ({
  name,
  resourceType: 'canary',
  resourceId: canaryId,
  hostname: 'test',
  timeStart: time,
  status: 'SUCCESS',
  successCount: 1,
  errorCount: 0,
  errors: [],
  details: { marker: time.toISOString() },
  durationMillis: 5,
  timeEnd: time,
});

const historyRows = (time: Date) =>
  db()
    .selectFrom('job_history')
    .select('id')
    .where('resource_id', '=', canaryId)
    .where(sql<boolean>`details->>'marker' = ${time.toISOString()}`)
    .execute();

describe('writeStatuses with a batch of runs', () => {
  it('stores statuses, closes the runs, writes their history and shows the next run on every check of the canary', async () => {
    const version = await claim();
    const ran = new Date(Date.now() - 1_000);
    const next = new Date(Date.now() + 60_000);
    // alpha reports; beta does not (e.g. a transform dropped it): it shows the next run all the same.
    const transitions = await writeStatuses(db(), [status(alpha, ran, false, next)], {
      closed: completeRunsQuery(CANARY_SCHEDULE_KIND, OWNER, [{ resourceId: canaryId, version, next, ranAt: ran }]),
      history: await s.ctx.jobs.history.finishedInsert([history(ran)]),
      canaryIds: [canaryId],
    });
    expect(transitions).toEqual([{ checkId: alpha, canaryId, previous: 'unknown', status: 'unhealthy', time: ran }]);
    const [a, b] = await checksOf(s, canaryId);
    expect(a).toMatchObject({ status: 'unhealthy', last_runtime: ran, next_runtime: next, last_transition_time: ran });
    expect(b!.next_runtime).toEqual(next);
    expect(await scheduleOf(db(), CANARY_SCHEDULE_KIND, canaryId)).toMatchObject({
      claimed_by: null,
      lease_until: null,
      next_run_at: next,
      last_run_at: ran,
    });
    expect(await historyRows(ran)).toHaveLength(1);
  });

  it("shows the schedule row's next run when the canary was rescheduled during the run", async () => {
    const version = await claim();
    const stored = (await scheduleOf(db(), CANARY_SCHEDULE_KIND, canaryId))!.next_run_at!;
    const ran = new Date(Date.now() - 500);
    const computed = new Date(Date.now() + 120_000);
    // The run was claimed under an older version: its computed next run is not the schedule's.
    await writeStatuses(db(), [status(alpha, ran, true, computed)], {
      closed: completeRunsQuery(CANARY_SCHEDULE_KIND, OWNER, [{ resourceId: canaryId, version: version - 1, next: computed, ranAt: ran }]),
      canaryIds: [canaryId],
    });
    const checks = await checksOf(s, canaryId);
    expect(checks.map((c) => c.next_runtime)).toEqual([stored, stored]);
    expect(checks[0]).toMatchObject({ status: 'healthy', last_runtime: ran });
  });

  it('keeps the five newest runs, newest first, whether runs arrive in order, several at once or late', async () => {
    const base = Date.now() - 3_600_000;
    const at = (minute: number) => new Date(base + minute * 60_000);
    const recent = async () => {
      const c = await db().selectFrom('checks').select('recent_statuses').where('id', '=', beta).executeTakeFirstOrThrow();
      return (c.recent_statuses as { time: string; duration: number }[]).map((e) => e.time);
    };
    const iso = (...minutes: number[]) => minutes.map((m) => at(m).toISOString());
    for (const m of [1, 2, 3, 4, 5, 6]) await writeStatuses(db(), [status(beta, at(m), true, at(m + 1))]);
    expect(await recent()).toEqual(iso(6, 5, 4, 3, 2));
    // Three newer runs in one batch, given oldest first.
    await writeStatuses(
      db(),
      [7, 8, 9].map((m) => status(beta, at(m), true, at(m + 1))),
    );
    expect(await recent()).toEqual(iso(9, 8, 7, 6, 5));
    // A batch holding a newer run and one older than some kept: sorted in.
    await writeStatuses(db(), [status(beta, at(10), true, at(11)), status(beta, at(6.5), false, at(11))]);
    expect(await recent()).toEqual(iso(10, 9, 8, 7, 6.5));
  });

  it('writes nothing when any part fails: statuses, checks, schedule row and history stay as they were', async () => {
    const version = await claim();
    const before = { checks: await checksOf(s, canaryId), schedule: await scheduleOf(db(), CANARY_SCHEDULE_KIND, canaryId) };
    const ran = new Date(Date.now() - 200);
    const bad = { ...history(ran), status: 'LOST' as FinishedJobRun['status'] }; // job_history.status is checked
    await expect(
      writeStatuses(db(), [status(alpha, ran, false, new Date())], {
        closed: completeRunsQuery(CANARY_SCHEDULE_KIND, OWNER, [{ resourceId: canaryId, version, next: new Date(), ranAt: ran }]),
        history: await s.ctx.jobs.history.finishedInsert([history(ran), bad]),
        canaryIds: [canaryId],
      }),
    ).rejects.toThrow(/job_history_status_check/);
    expect(await checksOf(s, canaryId)).toEqual(before.checks);
    expect(await scheduleOf(db(), CANARY_SCHEDULE_KIND, canaryId)).toEqual(before.schedule);
    expect(await historyRows(ran)).toHaveLength(0);
    const statuses = await db().selectFrom('check_statuses').select('time').where('check_id', '=', alpha).where('time', '=', ran).execute();
    expect(statuses).toHaveLength(0);
  });
});

describe('result batches beside applies of the same canaries', () => {
  it('never deadlock: both lock schedule rows in one order before the checks', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `locks-${i}`);
    const doc = (round: number, order: string[]) =>
      order.map((n) => execCanary(n, '@every 1m', { a: `echo ${round}`, b: 'true' }, 'locks')).join('---\n');
    const first = await apply(s, doc(0, names));
    expect(first.status).toBe(200);
    const ids = first.body.results!.map((r) => r.id);
    const checks = await db().selectFrom('checks').select(['id', 'canary_id']).where('canary_id', 'in', ids).execute();
    const deadlocks = async () =>
      Number(
        (await sql<{ n: string }>`SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()`.execute(db())).rows[0]!.n,
      );
    const before = await deadlocks();

    let applying = true;
    const writerErrors: unknown[] = [];
    const writer = (async () => {
      for (let t = Date.now(); applying; t += 1_000) {
        // Claim all (in id order, as an apply locks them) and close them in a shuffled batch, as runs end.
        await sql`UPDATE spec_schedules s SET claimed_by = ${OWNER}
                  FROM (SELECT resource_id FROM spec_schedules WHERE kind = ${CANARY_SCHEDULE_KIND} AND resource_id = ANY(${ids})
                        ORDER BY resource_id FOR UPDATE) lk
                  WHERE s.kind = ${CANARY_SCHEDULE_KIND} AND s.resource_id = lk.resource_id`.execute(db());
        const batch = shuffled(checks);
        const ran = new Date(t);
        await writeStatuses(
          db(),
          batch.map((c) => status(c.id, ran, true, new Date(t + 60_000))),
          {
            closed: completeRunsQuery(
              CANARY_SCHEDULE_KIND,
              OWNER,
              shuffled(ids).map((id) => ({ resourceId: id, version: 0, next: new Date(t + 60_000), ranAt: ran })),
            ),
            canaryIds: batch.map((c) => c.canary_id),
          },
        ).catch((err: unknown) => writerErrors.push(err));
      }
    })();
    for (let round = 1; round <= 6; round++) expect((await apply(s, doc(round, shuffled(names)))).status).toBe(200);
    applying = false;
    await writer;
    expect(writerErrors).toEqual([]);
    expect(await deadlocks()).toBe(before);
  });
});

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
