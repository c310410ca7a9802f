// Retries, time limits, approvals, cancel and re-run through HTTP with the test server's engine: an http
// action against a loopback peer that fails twice then succeeds, an action and a whole run that overrun their
// timeouts, approvals by any or all approvers (people by email or name, teams by membership), a cancel while
// an action runs, and a re-run with the same parameters.
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../../test/test-server.js';
import { insertConfig } from '../resources/read-test-helpers.js';
import { applyPlaybooks, fixtureText, playbookDoc, runCall, runState, startRun, statusesOf, waitForRun } from './engine-test-helpers.js';

let s: TestServer;
let peer: Server;
let peerUrl: string;
const hits: number[] = [];
let failFirst = 0;

beforeAll(async () => {
  peer = createServer((req, res) => {
    hits.push(Date.now());
    res.statusCode = hits.length <= failFirst ? 503 : 200;
    res.end(res.statusCode === 200 ? 'ok' : 'unavailable');
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
  await new Promise((resolve) => peer?.close(resolve));
});

describe('retry and time limits', () => {
  it('retries a failing http action after a growing backoff, as new attempt rows, until it succeeds', async () => {
    hits.length = 0;
    failFirst = 2;
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-retry', {
        actions: [
          { name: 'call', retry: { limit: 3, duration: '1s', exponent: { multiplier: 2 } }, http: { url: `${peerUrl}/flaky` } },
          { name: 'after', exec: { script: 'echo done' } },
        ],
      }),
    ]);
    const res = await startRun(s, { id: ids['engine-retry'] });
    const retrying = await waitForRun(s, res.body.run_id, 10_000, ['retrying']);
    expect(retrying.claimed_by).toBeNull();
    const run = await waitForRun(s, res.body.run_id, 20_000);
    expect(run.status).toBe('completed');
    expect(run.actions.map((a) => [a.name, a.attempt, a.status])).toEqual([
      ['call', 1, 'failed'],
      ['call', 2, 'failed'],
      ['call', 3, 'completed'],
      ['after', 1, 'completed'],
    ]);
    expect(hits).toHaveLength(3);
    expect(hits[1]! - hits[0]!).toBeGreaterThanOrEqual(900);
    expect(hits[2]! - hits[1]!).toBeGreaterThanOrEqual(1_900);
  });

  it('gives up after the retry limit and fails the run with the last error', async () => {
    hits.length = 0;
    failFirst = 10;
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-retry-limit', {
        actions: [{ name: 'call', retry: { limit: 1, duration: '100ms' }, http: { url: `${peerUrl}/down` } }],
      }),
    ]);
    const run = await waitForRun(s, (await startRun(s, { id: ids['engine-retry-limit'] })).body.run_id);
    expect(run.status).toBe('failed');
    expect(run.actions.map((a) => a.status)).toEqual(['failed', 'failed']);
    expect(run.error).toMatch(/^call: .*503/);
    expect(hits).toHaveLength(2);
    const events = await sql<{ name: string; properties: Record<string, unknown> }>`
      SELECT name, properties FROM event_queue WHERE properties->>'run_id' = ${run.id} ORDER BY created_at, name`.execute(s.ctx.db.kysely);
    expect(events.rows.map((e) => e.name).sort()).toEqual([
      'playbook.action.failed',
      'playbook.action.failed',
      'playbook.run.failed',
      'playbook.run.started',
    ]);
    expect(events.rows.find((e) => e.name === 'playbook.action.failed')!.properties).toMatchObject({
      playbook_id: ids['engine-retry-limit'],
      status: 'failed',
      action_id: expect.any(String),
      error: expect.stringContaining('503'),
    });
  });

  it('times out a run whose deadline passes while it sleeps, at the deadline', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-sleep-timeout', { timeout: '1s', actions: [{ name: 'late', delay: '30s', exec: { script: 'echo late' } }] }),
    ]);
    const run = await waitForRun(s, (await startRun(s, { id: ids['engine-sleep-timeout'] })).body.run_id, 8_000);
    expect([run.status, run.error]).toEqual(['timed_out', 'playbook run timed out']);
    expect(statusesOf(run)).toEqual({ late: 'timed_out' });
  });

  it('times out an action past its timeout; always() still runs after it', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-action-timeout', {
        actions: [
          { name: 'slow', timeout: '1s', exec: { script: 'sleep 20' } },
          { name: 'next', exec: { script: 'echo no' } },
          { name: 'cleanup', if: 'always()', exec: { script: 'echo cleanup' } },
          { name: 'on timeout', if: 'timeout()', exec: { script: 'echo t' } },
        ],
      }),
    ]);
    const started = Date.now();
    const run = await waitForRun(s, (await startRun(s, { id: ids['engine-action-timeout'] })).body.run_id);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(statusesOf(run)).toEqual({ slow: 'timed_out', next: 'skipped', cleanup: 'completed', 'on timeout': 'completed' });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^slow: action timed out after 1s/);
  });

  it('ends the run timed_out when the playbook timeout passes, running nothing after', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-run-timeout', {
        timeout: '2s',
        actions: [
          { name: 'a', exec: { script: 'sleep 1' } },
          { name: 'b', exec: { script: 'sleep 20' } },
          { name: 'c', if: 'always()', exec: { script: 'echo c' } },
        ],
      }),
    ]);
    const run = await waitForRun(s, (await startRun(s, { id: ids['engine-run-timeout'] })).body.run_id);
    expect(run.status).toBe('timed_out');
    expect(statusesOf(run)).toEqual({ a: 'completed', b: 'timed_out' });
    expect(run.end_time!.getTime() - run.start_time!.getTime()).toBeLessThan(5_000);
    const hist = await sql<{ status: string }>`SELECT status FROM job_history WHERE resource_id = ${ids['engine-run-timeout']}`.execute(
      s.ctx.db.kysely,
    );
    expect(hist.rows.map((r) => r.status)).toEqual(['FAILED']);
  });
});

describe('approvals', () => {
  let teamId: string;
  beforeAll(async () => {
    const db = s.ctx.db.kysely;
    teamId = (await sql<{ id: string }>`INSERT INTO teams (name) VALUES ('engine-ops') RETURNING id`.execute(db)).rows[0]!.id;
    await sql`INSERT INTO team_members (team_id, person_id) VALUES (${teamId}, ${s.ids.responder})`.execute(db);
  });

  it('any: waits for approval, refuses people who are not approvers, and the first approval schedules it', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-approve-any', {
        approval: { type: 'any', approvers: { people: [TEST_USERS.commander], teams: ['engine-ops'] } },
        actions: [{ name: 'a', exec: { script: 'echo approved' } }],
      }),
    ]);
    const res = await startRun(s, { id: ids['engine-approve-any'] });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await runState(s, res.body.run_id)).status).toBe('pending_approval');
    expect((await runCall(s, res.body.run_id, 'approve', 'editor')).status).toBe(403);
    expect((await runCall(s, res.body.run_id, 'approve', null)).status).toBe(401);
    const ok = await runCall(s, res.body.run_id, 'approve', 'responder');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const run = await waitForRun(s, res.body.run_id);
    expect(run.status).toBe('completed');
    expect((await runCall(s, res.body.run_id, 'approve', 'commander')).status).toBe(409);
  });

  it('action-approvals: a person listed by email approves, the run writes what its actions say', async () => {
    const ids = await applyPlaybooks(s, fixtureText('playbook/testdata/action-approvals.yaml'));
    const cluster = await insertConfig(s.ctx.db.kysely, { name: 'prod-eks', type: 'EKS::Cluster', labels: { environment: 'production' } });
    const john = 'john@doe.com';
    await s.ctx.identity.createUser({ firstName: 'John', lastName: 'Doe', email: john, password: TEST_PASSWORD, roles: ['viewer'] });
    const file = `/tmp/engine-approvals-${process.pid}-${Date.now()}`;
    const res = await startRun(s, { id: ids['action-approvals'], config_id: cluster, params: { path: file } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await runCall(s, res.body.run_id, 'approve')).status).toBe(403);
    const auth = `Basic ${Buffer.from(`${john}:${TEST_PASSWORD}`).toString('base64')}`;
    const ok = await fetch(`${s.url}/api/playbook/run/${res.body.run_id}/approve`, { method: 'POST', headers: { authorization: auth } });
    expect(ok.status, await ok.text()).toBe(200);
    const run = await waitForRun(s, res.body.run_id);
    expect(run.status).toBe('completed');
    expect(readFileSync(file, 'utf8')).toBe(`id=${cluster}\nprod-eks`);
    rmSync(file, { force: true });
  });

  it('all: every listed person (by email or name) and one member per team must approve; twice is 409', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-approve-all', {
        approval: { type: 'all', approvers: { people: [TEST_USERS.commander, 'editor User'], teams: [teamId] } },
        actions: [{ name: 'a', exec: { script: 'echo approved' } }],
      }),
    ]);
    const runId = (await startRun(s, { id: ids['engine-approve-all'] })).body.run_id;
    expect((await runCall(s, runId, 'approve', 'commander')).status).toBe(200);
    expect((await runCall(s, runId, 'approve', 'commander')).status).toBe(409);
    expect((await runCall(s, runId, 'approve', 'editor')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await runState(s, runId)).status).toBe('pending_approval');
    expect((await runCall(s, runId, 'approve', 'responder')).status).toBe(200);
    expect((await waitForRun(s, runId)).status).toBe('completed');
    const approvals = await sql<{ n: number }>`SELECT count(*)::int AS n FROM playbook_approvals WHERE run_id = ${runId}`.execute(
      s.ctx.db.kysely,
    );
    expect(approvals.rows[0]!.n).toBe(3);
  });
});

describe('cancel and re-run', () => {
  it('cancels mid-action: the action is aborted, later actions never run, a second cancel is 409', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-cancel', {
        actions: [
          { name: 'long', exec: { script: 'sleep 30' } },
          { name: 'never', if: 'always()', exec: { script: 'echo never' } },
        ],
      }),
    ]);
    const runId = (await startRun(s, { id: ids['engine-cancel'] })).body.run_id;
    const deadline = Date.now() + 10_000;
    while ((await runState(s, runId)).actions[0]?.status !== 'running' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect((await runCall(s, runId, 'cancel', 'viewer')).status).toBe(403);
    const started = Date.now();
    expect((await runCall(s, runId, 'cancel')).status).toBe(200);
    const until = Date.now() + 10_000;
    let state = await runState(s, runId);
    while (state.actions[0]?.status === 'running' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      state = await runState(s, runId);
    }
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(state.status).toBe('cancelled');
    expect(statusesOf(state)).toEqual({ long: 'cancelled' });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(statusesOf(await runState(s, runId))).toEqual({ long: 'cancelled' });
    expect((await runCall(s, runId, 'cancel')).status).toBe(409);
    const hist = await sql<{ status: string }>`SELECT status FROM job_history WHERE resource_id = ${ids['engine-cancel']}`.execute(
      s.ctx.db.kysely,
    );
    expect(hist.rows.map((r) => r.status)).toEqual(['STOPPED']);
  });

  it('cancels a run waiting for approval: it never starts', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-cancel-pending', {
        approval: { approvers: { people: [TEST_USERS.commander] } },
        actions: [{ name: 'a', exec: { script: 'echo no' } }],
      }),
    ]);
    const runId = (await startRun(s, { id: ids['engine-cancel-pending'] })).body.run_id;
    const pending = await sql<{ name: string }>`SELECT name FROM event_queue WHERE properties->>'run_id' = ${runId}`.execute(
      s.ctx.db.kysely,
    );
    expect(pending.rows.map((r) => r.name)).toEqual(['playbook.run.pending_approval']);
    expect((await runCall(s, runId, 'cancel', 'editor')).status).toBe(200);
    expect((await runCall(s, runId, 'approve', 'commander')).status).toBe(409);
    await new Promise((r) => setTimeout(r, 1_200));
    const state = await runState(s, runId);
    expect([state.status, state.actions]).toEqual(['cancelled', []]);
  });

  it('cancels a run waiting for a retry: the waiting attempt is closed and never sent', async () => {
    hits.length = 0;
    failFirst = 100;
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-cancel-retry', {
        actions: [{ name: 'call', retry: { limit: 3, duration: '3s' }, http: { url: `${peerUrl}/retry-cancel` } }],
      }),
    ]);
    const runId = (await startRun(s, { id: ids['engine-cancel-retry'] })).body.run_id;
    await waitForRun(s, runId, 10_000, ['retrying']);
    expect((await runCall(s, runId, 'cancel')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 4_000));
    const state = await runState(s, runId);
    expect([state.status, state.actions.map((a) => [a.attempt, a.status])]).toEqual([
      'cancelled',
      [
        [1, 'failed'],
        [2, 'cancelled'],
      ],
    ]);
    expect(hits).toHaveLength(1);
  });

  it('re-runs with the same playbook, resource and parameters, linked to the first run', async () => {
    const ids = await applyPlaybooks(s, [
      playbookDoc('engine-rerun', {
        parameters: [{ name: 'word', label: 'Word' }],
        actions: [{ name: 'say', exec: { script: 'echo {{.params.word}}' } }],
      }),
    ]);
    const first = (await startRun(s, { id: ids['engine-rerun'], params: { word: 'again' } })).body.run_id;
    await waitForRun(s, first);
    expect((await runCall(s, first, 'rerun', 'viewer')).status).toBe(403);
    expect((await runCall(s, '00000000-0000-4000-8000-000000000009', 'rerun')).status).toBe(404);
    const res = await runCall(s, first, 'rerun');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const second = await waitForRun(s, res.body.run_id!);
    expect([second.status, second.parent_id, second.trigger, second.parameters]).toEqual(['completed', first, 'rerun', { word: 'again' }]);
    expect(second.actions[0]!.result).toMatchObject({ stdout: expect.stringContaining('again') });
  });
});
