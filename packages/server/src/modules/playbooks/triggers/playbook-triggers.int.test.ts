// Schedule and event triggers on a real server: a schedule fires with its parameters; a failing check runs the
// playbook subscribed to canary failures once, on that check; a config turning unhealthy runs the playbook
// whose filter accepts it and not for one it refuses; no subscriber, no config events queued at all.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpbin, type HttpbinPeer } from '../../../test/peers/httpbin.js';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { applyPlaybook, eventually, finishedRun, runsOf } from './trigger-test-helpers.js';

let s: TestServer;
let httpbin: HttpbinPeer;
beforeAll(async () => {
  [s, httpbin] = await Promise.all([startTestServer(), startHttpbin()]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), httpbin?.close()]);
});

const playbook = (name: string, spec: object) => ({
  apiVersion: 'mission-control.flanksource.com/v1',
  kind: 'Playbook',
  metadata: { name },
  spec,
});
const db = () => s.ctx.db.kysely;

async function addConfig(name: string, health: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO config_items (type, name, external_id, health, config)
    VALUES ('Test::Item', ${name}, ARRAY[${name}], ${health}, '{"replicas": 1}')
    RETURNING id`.execute(db());
  return rows[0]!.id;
}

const queued = async (prefix: string) =>
  (await sql<{ name: string }>`SELECT name FROM event_queue WHERE starts_with(name, ${prefix}) ORDER BY created_at`.execute(db())).rows;

describe('schedule triggers', () => {
  it('submits a run with the entry parameters each time the schedule comes round', async () => {
    const [id] = await applyPlaybook(
      s,
      playbook('every-two-seconds', {
        parameters: [{ name: 'who' }],
        on: { schedule: [{ schedule: '@every 2s', parameters: { who: 'cron' } }] },
        actions: [{ name: 'greet', exec: { script: 'echo "hi {{.params.who}}"' } }],
      }),
    );
    const runs = await eventually(
      () => runsOf(s, id!),
      (r) => r.length >= 1,
    );
    expect(runs[0]).toMatchObject({ trigger: 'schedule', parameters: { who: 'cron' }, config_id: null });
    expect(await finishedRun(s, runs[0]!.id)).toEqual({ status: 'completed', stdout: ['hi cron\n'] });
    const more = await eventually(
      () => runsOf(s, id!),
      (r) => r.length >= 2,
      10_000,
    );
    expect(more.length).toBeGreaterThanOrEqual(2);
    // Deleted: the schedule stops.
    expect((await s.request(`/api/resources/playbook/every-two-seconds?namespace=default`, { method: 'DELETE' })).status).toBeLessThan(300);
    const row = await eventually(
      async () =>
        (
          await sql<{
            next_run_at: Date | null;
          }>`SELECT next_run_at FROM spec_schedules WHERE kind = 'playbook' AND resource_id = ${id}`.execute(db())
        ).rows[0],
      (r) => r?.next_run_at === null,
    );
    expect(row?.next_run_at).toBeNull();
  });

  it('gives a playbook without schedules no next run', async () => {
    const [id] = await applyPlaybook(s, playbook('no-schedule', { actions: [{ name: 'a', exec: { script: 'true' } }] }));
    const row = await eventually(
      async () =>
        (
          await sql<{
            next_run_at: Date | null;
            dirty: boolean;
          }>`SELECT next_run_at, dirty FROM spec_schedules WHERE kind = 'playbook' AND resource_id = ${id}`.execute(db())
        ).rows[0],
      (r) => r?.dirty === false,
    );
    expect(row).toEqual({ next_run_at: null, dirty: false });
  });
});

describe('event triggers', () => {
  it('runs the playbook subscribed to canary failures once, on the failing check', async () => {
    const [pbId] = await applyPlaybook(
      s,
      playbook('on-check-failed', {
        checks: [{ name: 'trig-check' }],
        on: { canary: [{ event: 'failed', filter: "check.name == 'trig-check'" }] },
        actions: [{ name: 'report', exec: { script: 'echo "{{.check.name}} failed"' } }],
      }),
    );
    await applyPlaybook(s, {
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'trig' },
      spec: { schedule: '@every 1h', http: [{ name: 'trig-check', url: `${httpbin.httpUrl}/status/500` }] },
    });
    const runs = await eventually(
      () => runsOf(s, pbId!),
      (r) => r.length >= 1,
    );
    const checkId = (await sql<{ id: string }>`SELECT id FROM checks WHERE name = 'trig-check'`.execute(db())).rows[0]!.id;
    expect(runs[0]).toMatchObject({ trigger: 'check.failed', check_id: checkId });
    expect(await finishedRun(s, runs[0]!.id)).toEqual({ status: 'completed', stdout: ['trig-check failed\n'] });
    await eventually(
      () => queued('trigger.check.'),
      (q) => q.length === 0,
    );
    expect(await runsOf(s, pbId!)).toHaveLength(1);
    // The health engine's own event stays queued for whoever else handles check events.
    expect((await queued('check.failed')).length).toBeGreaterThanOrEqual(1);
  });

  it('queues no config event while no playbook subscribes to one', async () => {
    const id = await addConfig('quiet', 'healthy');
    await sql`UPDATE config_items SET health = 'unhealthy', config = '{"replicas": 2}' WHERE id = ${id}`.execute(db());
    expect(await queued('config.')).toEqual([]);
    expect((await sql`SELECT event FROM playbook_event_subscriptions`.execute(db())).rows).toEqual([{ event: 'check.failed' }]);
  });

  it('runs for a config turning unhealthy when the filter accepts it, and not when it refuses', async () => {
    const [pbId] = await applyPlaybook(
      s,
      playbook('on-config-unhealthy', {
        configs: [{ types: ['Test::Item'] }],
        on: { config: [{ event: 'unhealthy', filter: "config.name == 'web'" }] },
        actions: [{ name: 'report', exec: { script: 'echo "{{.config.name}} is {{.config.health}}"' } }],
      }),
    );
    const web = await addConfig('web', 'healthy');
    const other = await addConfig('db', 'healthy');
    await sql`UPDATE config_items SET health = 'unhealthy' WHERE id IN (${web}, ${other})`.execute(db());
    const runs = await eventually(
      () => runsOf(s, pbId!),
      (r) => r.length >= 1,
    );
    expect(runs[0]).toMatchObject({ trigger: 'config.unhealthy', config_id: web });
    expect(await finishedRun(s, runs[0]!.id)).toEqual({ status: 'completed', stdout: ['web is unhealthy\n'] });
    await eventually(
      () => queued('config.'),
      (q) => q.length === 0,
    );
    expect((await runsOf(s, pbId!)).map((r) => r.config_id)).toEqual([web]);
    // Deleting the playbook ends the subscription: config changes queue nothing again.
    expect((await s.request(`/api/resources/playbook/on-config-unhealthy?namespace=default`, { method: 'DELETE' })).status).toBeLessThan(
      300,
    );
    await sql`UPDATE config_items SET health = 'healthy' WHERE id = ${web}`.execute(db());
    await sql`UPDATE config_items SET health = 'unhealthy' WHERE id = ${web}`.execute(db());
    expect(await queued('config.')).toEqual([]);
  });

  it('runs for a component turning unhealthy, with the component', async () => {
    const [pbId] = await applyPlaybook(
      s,
      playbook('on-component-unhealthy', {
        components: [{ types: ['Test::Service'] }],
        on: { component: [{ event: 'unhealthy' }] },
        actions: [{ name: 'report', exec: { script: 'echo "{{.component.name}} is {{.component.health}}"' } }],
      }),
    );
    const { rows } = await sql<{ id: string }>`
      INSERT INTO components (name, type, health, status) VALUES ('api', 'Test::Service', 'healthy', 'healthy') RETURNING id`.execute(db());
    const id = rows[0]!.id;
    await sql`UPDATE components SET health = 'unhealthy', status = 'unhealthy' WHERE id = ${id}`.execute(db());
    const runs = await eventually(
      () => runsOf(s, pbId!),
      (r) => r.length >= 1,
    );
    expect(runs[0]).toMatchObject({ trigger: 'component.unhealthy', component_id: id });
    expect(await finishedRun(s, runs[0]!.id)).toEqual({ status: 'completed', stdout: ['api is unhealthy\n'] });
  });

  it('runs a playbook without selectors on the config that changed, and records a filter that cannot be evaluated', async () => {
    const [anyId] = await applyPlaybook(
      s,
      playbook('on-any-config-updated', {
        on: { config: [{ event: 'updated' }] },
        actions: [{ name: 'a', exec: { script: 'echo "{{.config.name}} changed"' } }],
      }),
    );
    const [badId] = await applyPlaybook(
      s,
      playbook('on-config-updated-bad-filter', {
        on: { config: [{ event: 'updated', filter: 'config.name' }] },
        actions: [{ name: 'a', exec: { script: 'true' } }],
      }),
    );
    const id = await addConfig('changing', 'healthy');
    await sql`UPDATE config_items SET config = '{"replicas": 5}' WHERE id = ${id}`.execute(db());
    const runs = await eventually(
      () => runsOf(s, anyId!),
      (r) => r.length >= 1,
    );
    expect(runs[0]).toMatchObject({ trigger: 'config.updated', config_id: id });
    expect(await finishedRun(s, runs[0]!.id)).toEqual({ status: 'completed', stdout: ['changing changed\n'] });
    const failures = await eventually(
      async () =>
        (
          await sql<{ status: string; errors: string[] }>`
            SELECT status, errors FROM job_history WHERE name = 'playbook-trigger' AND resource_id = ${badId}`.execute(db())
        ).rows,
      (r) => r.length >= 1,
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]!.status).toBe('FAILED');
    expect(failures[0]!.errors.join()).toMatch(/^spec\.on\.config\[0\]\.filter: the expression must give true or false/);
    expect(await runsOf(s, badId!)).toEqual([]);
  });

  it('runs on a config created and again when it is deleted, on the deleted item; a manual run on it is refused', async () => {
    const [createdId] = await applyPlaybook(
      s,
      playbook('on-config-created', {
        configs: [{ types: ['Test::Item'] }],
        on: { config: [{ event: 'created' }, { event: 'deleted' }] },
        actions: [{ name: 'a', exec: { script: 'echo "{{.config.name}} deleted={{if .config.deleted_at}}yes{{else}}no{{end}}"' } }],
      }),
    );
    const id = await addConfig('fresh', 'unknown');
    const runs = await eventually(
      () => runsOf(s, createdId!),
      (r) => r.length >= 1,
    );
    expect(runs.map((r) => [r.trigger, r.config_id])).toEqual([['config.created', id]]);
    expect(await finishedRun(s, runs[0]!.id)).toEqual({ status: 'completed', stdout: ['fresh deleted=no\n'] });
    await sql`UPDATE config_items SET deleted_at = now() WHERE id = ${id}`.execute(db());
    const both = await eventually(
      () => runsOf(s, createdId!),
      (r) => r.length >= 2,
    );
    const onDelete = both.find((r) => r.trigger === 'config.deleted')!;
    expect(onDelete.config_id).toBe(id);
    // The run reads the item as it was when it went, deleted_at set.
    expect(await finishedRun(s, onDelete.id)).toEqual({ status: 'completed', stdout: ['fresh deleted=yes\n'] });
    // By hand, a deleted item is no resource to run on.
    const manual = await s.json<{ message?: string }>('/api/playbook/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: createdId, config_id: id }),
    });
    expect(manual.status).toBe(404);
    expect(manual.body.message).toMatch(new RegExp(`config_id: no config item with id ${id}`));
  });
});
