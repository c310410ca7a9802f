// Runs through HTTP on the real database with the engine of the test server: the conformance fixtures'
// conditions (conditions-fail, delayed-exec, exec-filter, action-filter) give exactly the statuses their
// `if`s imply, delays sleep as rows, job history and events record every run, and bad requests are 4xx.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { insertConfig } from '../resources/read-test-helpers.js';
import { submitRun } from './submit-run.js';
import { applyPlaybooks, fixtureText, playbookDoc, runState, startRun, statusesOf, waitForRun } from './engine-test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('conditions of the conformance fixtures', () => {
  it('conditions-fail: the failing first action runs Failure and Always, skips Success and Delay', async () => {
    const ids = await applyPlaybooks(s, fixtureText('fixtures/playbooks/conditions-fail.yaml'));
    const res = await startRun(s, { id: ids['conditions-fail'], params: { delay: '1s' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = await waitForRun(s, res.body.run_id);
    expect(statusesOf(run)).toEqual({ start: 'failed', Failure: 'completed', Always: 'completed', Success: 'skipped', Delay: 'skipped' });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^start: /);
    expect(run.actions.find((a) => a.name === 'Always')!.result).toMatchObject({ stdout: expect.stringContaining('Always') });
  });

  it('delayed-exec with delay 0 skips Failure and Delay and completes', async () => {
    const ids = await applyPlaybooks(s, fixtureText('fixtures/playbooks/delayed-exec.yaml'));
    const res = await startRun(s, { id: ids['delayed-exec'] });
    const run = await waitForRun(s, res.body.run_id);
    expect(statusesOf(run)).toEqual({
      start: 'completed',
      Failure: 'skipped',
      Always: 'completed',
      Success: 'completed',
      Delay: 'skipped',
    });
    expect(run.status).toBe('completed');
    expect(run.error).toBeNull();
  });

  it('delayed-exec with a delay sleeps as a row, released, then runs the action after it', async () => {
    const ids = await applyPlaybooks(s, fixtureText('fixtures/playbooks/delayed-exec.yaml'));
    const res = await startRun(s, { id: ids['delayed-exec'], params: { delay: '2s' } });
    const sleeping = await waitForRun(s, res.body.run_id, 10_000, ['sleeping']);
    expect(sleeping.claimed_by).toBeNull();
    const delayRow = sleeping.actions.find((a) => a.name === 'Delay')!;
    expect(delayRow.status).toBe('sleeping');
    const run = await waitForRun(s, res.body.run_id);
    expect(run.status).toBe('completed');
    const done = run.actions.find((a) => a.name === 'Delay')!;
    expect(done.status).toBe('completed');
    const success = run.actions.find((a) => a.name === 'Success')!;
    expect(done.start_time!.getTime() - success.end_time!.getTime()).toBeGreaterThanOrEqual(1_900);
  });

  it('exec-filter: success() after a failure is skipped, always() runs', async () => {
    const ids = await applyPlaybooks(s, fixtureText('fixtures/playbooks/exec-filter.yaml'));
    const pod = await insertConfig(s.ctx.db.kysely, { name: 'web-1', type: 'Kubernetes::Pod', configClass: 'Pod' });
    const res = await startRun(s, { id: ids['notify-send-with-filter'], config_id: pod });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = await waitForRun(s, res.body.run_id);
    const st = statusesOf(run);
    // notify-send may be missing here: then the first action fails and the second (default success()) is skipped.
    expect(['completed', 'failed']).toContain(st['Send notification']);
    expect(st['Bad script']).toBe(st['Send notification'] === 'completed' ? 'failed' : 'skipped');
    expect(st['Send all success notification']).toBe('skipped');
    expect(['completed', 'failed']).toContain(st['Send notification regardless']);
    expect(run.status).toBe('failed');
  });

  it('action-filter: writes exactly the lines its conditions imply', async () => {
    const ids = await applyPlaybooks(s, fixtureText('playbook/testdata/action-filter.yaml'));
    const cfg = await insertConfig(s.ctx.db.kysely, { name: 'node-1', type: 'Kubernetes::Node', configClass: 'Node' });
    const dir = `/tmp/engine-af-${process.pid}-${Date.now()}`;
    const res = await startRun(s, { id: ids['action-filter'], config_id: cfg, params: { path: `${dir}-file`, log_path: `${dir}-log` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = await waitForRun(s, res.body.run_id);
    expect(statusesOf(run)).toEqual({
      'Create the file': 'completed',
      'Log if the file creation failed': 'skipped',
      'Log if the file creation succeeded': 'completed',
      'Run a non existing command': 'failed',
      'Log if the command failed': 'completed',
      'Skip if cluster config': 'completed',
      'Log the end of the playbook': 'completed',
    });
    expect(run.status).toBe('failed');
    expect(readFileSync(`${dir}-file`, 'utf8')).toBe('Node');
    expect(readFileSync(`${dir}-log`, 'utf8')).toBe('File creation succeeded\nCommand failed\nConfig is not a cluster\n==end==\n');
    rmSync(`${dir}-file`, { force: true });
    rmSync(`${dir}-log`, { force: true });
  });
});

describe('requests', () => {
  it('answers 404, 422, 400 naming the problem, and 401/403 by role', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-needs-config', { configs: [{ types: ['EKS::Cluster'] }], actions: [{ name: 'a', exec: { script: 'true' } }] }),
      playbookDoc('engine-param', {
        parameters: [{ name: 'n', label: 'N', required: true }],
        actions: [{ name: 'a', exec: { script: 'echo {{.params.n}}' } }],
      }),
    ]);
    const missing = await startRun(s, { id: '00000000-0000-4000-8000-000000000001' });
    expect([missing.status, missing.body.message]).toEqual([404, 'Playbook not found']);
    const noResource = await startRun(s, { id: ids['engine-needs-config'] });
    expect(noResource.status).toBe(422);
    expect(noResource.body.message).toMatch(/engine-needs-config.*cannot run on no resource/);
    const pod = await insertConfig(s.ctx.db.kysely, { name: 'p', type: 'Kubernetes::Pod' });
    const wrong = await startRun(s, { id: ids['engine-needs-config'], config_id: pod });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toContain(pod);
    const bad = await startRun(s, { id: ids['engine-param'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/params\.n/);
    const unknownParam = await startRun(s, { id: ids['engine-param'], params: { n: 'x', other: 1 } });
    expect([unknownParam.status, unknownParam.body.message]).toEqual([400, expect.stringMatching(/params\.other/)]);
    // A trigger (webhook, schedule, event) may start it without a resource; a person may not.
    const scheduled = await submitRun(s.ctx, { playbookId: ids['engine-needs-config']!, resource: {}, trigger: 'schedule' });
    expect((await waitForRun(s, scheduled.runId)).status).toBe('completed');
    expect((await startRun(s, { id: 'nope' })).status).toBe(400);
    expect((await startRun(s, { id: ids['engine-param'], params: { n: 'x' } }, null)).status).toBe(401);
    expect((await startRun(s, { id: ids['engine-param'], params: { n: 'x' } }, 'viewer')).status).toBe(403);
  });

  it('records one job history row per run and queues started/completed events', async () => {
    const ids = await applyPlaybooks(s, [playbookDoc('engine-history', { actions: [{ name: 'a', exec: { script: 'echo hi' } }] })]);
    const res = await startRun(s, { id: ids['engine-history'] });
    const run = await waitForRun(s, res.body.run_id);
    expect(run.status).toBe('completed');
    const db = s.ctx.db.kysely;
    const hist = await sql<{ status: string; name: string; resource_type: string }>`
      SELECT status, name, resource_type FROM job_history WHERE resource_id = ${ids['engine-history']}`.execute(db);
    expect(hist.rows).toEqual([{ status: 'SUCCESS', name: 'PlaybookRun', resource_type: 'playbook' }]);
    const events = await sql<{ name: string }>`
      SELECT name FROM event_queue WHERE properties->>'run_id' = ${res.body.run_id} ORDER BY created_at`.execute(db);
    const names = events.rows.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['playbook.run.started', 'playbook.run.completed']));
    const state = await runState(s, res.body.run_id);
    expect(state.trigger).toBe('manual');
  });

  it('stores secret parameters sealed and gives the action the clear value, also on re-run', async () => {
    const ids = await applyPlaybooks(s, fixtureText('playbook/testdata/action-secret-params.yaml'));
    const res = await startRun(s, { id: ids['action-secret-params'], params: { password: 'hunter2-secret' } });
    const run = await waitForRun(s, res.body.run_id);
    expect(run.status).toBe('completed');
    expect(String(run.parameters.password)).toMatch(/^v1:/);
    expect(JSON.stringify(run.parameters)).not.toContain('hunter2');
    expect(run.actions[0]!.result).toMatchObject({ stdout: expect.stringContaining('Password is hunter2-secret') });
    const again = await s.json<{ run_id: string }>(`/api/playbook/run/${res.body.run_id}/rerun`, { method: 'POST' });
    const second = await waitForRun(s, again.body.run_id);
    expect(second.actions[0]!.result).toMatchObject({ stdout: expect.stringContaining('Password is hunter2-secret') });
  });

  it('stores an action output holding NUL characters (jsonb refuses them) without them', async () => {
    const ids = await applyPlaybooks(s, [playbookDoc('engine-nul', { actions: [{ name: 'nul', exec: { script: "printf 'a\\0b'" } }] })]);
    const run = await waitForRun(s, (await startRun(s, { id: ids['engine-nul'] })).body.run_id);
    expect(run.status).toBe('completed');
    expect(run.actions[0]!.result).toMatchObject({ stdout: 'ab' });
  });

  it("keeps an exec action's artifacts with its attempt (action-exec-artifacts)", async () => {
    const ids = await applyPlaybooks(s, fixtureText('playbook/testdata/action-exec-artifacts.yaml'));
    const ec2 = await insertConfig(s.ctx.db.kysely, { name: 'i-1', type: 'EC2 Instance', labels: { telemetry: 'enabled' } });
    const res = await startRun(s, { id: ids['exec-artifact'], config_id: ec2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await waitForRun(s, res.body.run_id)).status).toBe('completed');
    const art = await sql<{ path: string; size: string; checksum: string; content: Buffer }>`
      SELECT f.path, f.size, f.checksum, f.content FROM playbook_run_artifacts f
      JOIN playbook_run_actions a ON a.id = f.playbook_run_action_id WHERE a.playbook_run_id = ${res.body.run_id}`.execute(s.ctx.db.kysely);
    expect(art.rows).toHaveLength(1);
    expect(art.rows[0]!.content.toString()).toBe('hello world\n');
    expect(Number(art.rows[0]!.size)).toBe(12);
    expect(art.rows[0]!.checksum).toBe(createHash('sha256').update('hello world\n').digest('hex'));
  });
});
