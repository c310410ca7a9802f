import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { scheduleOf } from '../../scheduling/index.js';
import { startServer, type RunningServer } from '../../server.js';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../test/test-server.js';
import { apply, checksOf, execCanary, waitFor } from './health-test-helpers.js';

let s: TestServer;
let dir: string;

beforeAll(async () => {
  s = await startTestServer();
  dir = mkdtempSync(path.join(tmpdir(), 'ops-sched-'));
  chmodSync(dir, 0o755); // exec checks run as an unprivileged user when the tests run as root (src/sandbox)
});
afterAll(async () => {
  await s?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const statuses = (checkId: string) =>
  s.ctx.db.kysely
    .selectFrom('check_statuses')
    .select(['time', 'status', 'duration', 'message', 'error'])
    .where('check_id', '=', checkId)
    .orderBy('time')
    .execute();

const runsOf = (canaryId: string) =>
  s.ctx.db.kysely
    .selectFrom('job_history')
    .select(['status', 'details', 'success_count', 'error_count'])
    .where('resource_type', '=', 'canary')
    .where('resource_id', '=', canaryId)
    .orderBy('time_start')
    .execute();

describe('check scheduler', () => {
  it('runs an @every canary on its schedule, updates the check and records each run in job history', async () => {
    const res = await apply(s, execCanary('every-second', '@every 1s', { tick: 'echo tick' }));
    const canaryId = res.body.results![0]!.id;
    const [check] = await checksOf(s, canaryId);
    await waitFor(async () => (await statuses(check!.id)).length >= 3, 20_000, 'three runs');
    const rows = await statuses(check!.id);
    expect(rows.every((r) => r.status)).toBe(true);
    const after = (await checksOf(s, canaryId))[0]!;
    expect(after.status).toBe('healthy');
    expect(after.last_runtime).not.toBeNull();
    expect(new Date(after.next_runtime!).getTime()).toBeGreaterThan(new Date(after.last_runtime!).getTime());
    expect(after.last_transition_time).toEqual(rows[0]!.time);
    const runs = await runsOf(canaryId);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs[0]).toMatchObject({ status: 'SUCCESS', success_count: 1, error_count: 0 });
    expect(runs[0]!.details).toMatchObject({ summary: { passed: 1, failed: 0 }, missed: expect.any(Number), lag_ms: expect.any(Number) });
  });

  it('emits check.failed and check.passed when a check changes status', async () => {
    const flag = path.join(dir, 'healthy');
    const res = await apply(s, execCanary('flapping', '@every 1s', { flap: `test -f ${flag}` }));
    const [check] = await checksOf(s, res.body.results![0]!.id);
    const events = (name: string) =>
      s.ctx.db.kysely
        .selectFrom('event_queue')
        .select(['name', 'properties'])
        .where('name', '=', name)
        .execute()
        .then((rows) => rows.filter((r) => r.properties.check_id === check!.id));
    await waitFor(async () => (await events('check.failed')).length === 1, 20_000, 'check.failed');
    writeFileSync(flag, 'yes');
    await waitFor(async () => (await events('check.passed')).length === 1, 20_000, 'check.passed');
    const passed = (await events('check.passed'))[0]!;
    expect(passed.properties).toMatchObject({ check_id: check!.id, status: 'healthy', previous_status: 'unhealthy' });
    const failedRuns = (await runsOf(res.body.results![0]!.id)).filter((r) => r.status === 'FAILED');
    expect(failedRuns.length).toBeGreaterThan(0);
  });

  it('schedules canaries written through the data API and unschedules them when deleted', async () => {
    const created = await s.json<Array<{ id: string }>>('/api/db/canaries', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'from-ui',
        namespace: 'ui',
        spec: { schedule: '@every 1s', exec: [{ name: 'ui-check', script: 'echo ui' }] },
      }),
    });
    expect(created.status).toBe(201);
    const canaryId = created.body[0]!.id;
    const check = await waitFor(async () => (await checksOf(s, canaryId))[0], 10_000, 'the synced check');
    const listed = await s.json<Array<{ schedule: string }>>(`/api/db/canaries_with_status?id=eq.${canaryId}`);
    expect(listed.body[0]!.schedule).toBe('@every 1s');
    await waitFor(async () => (await statuses(check.id)).length >= 1, 10_000, 'a run');
    const del = await s.request(`/api/db/canaries?id=eq.${canaryId}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    await waitFor(async () => (await checksOf(s, canaryId)).length === 0, 10_000, 'checks soft-deleted');
    await new Promise((r) => setTimeout(r, 3_000)); // a run started before the delete may still finish
    const count = (await statuses(check.id)).length;
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await statuses(check.id)).length).toBe(count);
    const canary = await scheduleOf(s.ctx.db.kysely, 'canary', canaryId);
    expect(canary?.next_run_at).toBeNull();
  });

  it('refuses an invalid spec through the data API, naming the field', async () => {
    const res = await s.json<{ message: string }>('/api/db/canaries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bad', spec: { schedule: '8 46 *', exec: [{ name: 'x', script: 'true' }] } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`spec.schedule: invalid cron expression "8 46 *"`);
    const viewer = await s.request('/api/db/canaries', {
      method: 'POST',
      as: 'viewer',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"v","spec":{}}',
    });
    expect(viewer.status).toBe(403);
  });

  it('spreads runs over two server processes without running a canary twice', async () => {
    const second: RunningServer = await startServer(
      loadConfig(
        {
          DATABASE_URL: s.ctx.config.DATABASE_URL!,
          PORT: '0',
          OPS_ADMIN_EMAIL: TEST_USERS.admin,
          OPS_ADMIN_PASSWORD: TEST_PASSWORD,
          OPS_LOG_LEVEL: 'warn',
          OPS_DATA_DIR: '.test-data/server',
        },
        'test',
      ),
      { serveWeb: false, print: () => undefined },
    );
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await apply(s, execCanary(`shared-${i}`, '@every 1s', { work: 'sleep 0.2; echo done' }, 'shared'));
        ids.push(res.body.results![0]!.id);
      }
      // Which process claims a released run depends on the random phases of their claim ticks (ADR 0015):
      // the six canaries share one slot a second, so a few seconds can go to one process alone. Wait until
      // each has run some (a process that never claims fails here), then check every run of both.
      const spread = async () => {
        const done = (await Promise.all(ids.map((id) => runsOf(id)))).map((runs) => runs.filter((r) => r.status !== 'RUNNING'));
        const runners = new Set(done.flat().map((r) => String(r.details.runner)));
        return runners.size === 2 && done.every((runs) => runs.length >= 4);
      };
      await waitFor(spread, 40_000, 'four runs of each canary, in both processes');
      const runners = new Set<string>();
      for (const id of ids) {
        const runs = (await runsOf(id)).filter((r) => r.status !== 'RUNNING');
        runs.sort((x, y) => Date.parse(String(x.details.slot)) - Date.parse(String(y.details.slot)));
        const slots = runs.map((r) => Date.parse(String(r.details.slot)));
        expect(new Set(slots).size).toBe(slots.length);
        // After the first run every run sits on the canary's 1 s grid, one after the other: a gap is a
        // slot skipped only because the run before it was still going, and that run says so (missed).
        for (let i = 1; i + 1 < runs.length; i++) {
          expect((slots[i + 1]! - slots[i]!) % 1000).toBe(0);
          expect((slots[i + 1]! - slots[i]!) / 1000 - 1).toBe(runs[i]!.details.missed);
        }
        expect(runs.length).toBeGreaterThanOrEqual(3);
        for (const r of runs) runners.add(String(r.details.runner));
        const [check] = await checksOf(s, id);
        const rows = await statuses(check!.id);
        expect(new Set(rows.map((r) => new Date(r.time).getTime())).size).toBe(rows.length);
      }
      expect(runners.size).toBe(2);
    } finally {
      await second.stop();
    }
  });
});
