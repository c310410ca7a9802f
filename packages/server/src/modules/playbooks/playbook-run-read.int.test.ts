// Reading a run and its actions through HTTP on a real PostgreSQL (rows inserted as the engine writes
// them): the run page's shape, actions by position and attempt, approvals and who may approve, masked
// secret parameters, an action's result and artifacts, and a 50 MB log kept out of the JSON and served as text.
import type { PlaybookRunActionDetail, PlaybookRunWire } from '@ops/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../test/test-server.js';
import { insertAction, insertArtifact, insertConfig, insertPlaybook, insertRun } from './resources/read-test-helpers.js';

let s: TestServer;
const id: Record<string, string> = {};

beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
  const db = s.ctx.db.kysely;
  const team = await sql<{ id: string }>`INSERT INTO teams (name) VALUES ('ops-team') RETURNING id::text AS id`.execute(db);
  await sql`INSERT INTO team_members (team_id, person_id) VALUES (${team.rows[0]!.id}, ${s.ids.responder})`.execute(db);
  id.config = await insertConfig(db, { name: 'node-7', type: 'Kubernetes::Node' });
  const spec = {
    parameters: [
      { name: 'message', label: 'Message' },
      { name: 'password', label: 'Password', type: 'secret' },
    ],
    approval: { type: 'any', approvers: { people: ['editor@test.local'], teams: ['ops-team'] } },
    actions: [
      { name: 'first', exec: { script: 'echo 1' } },
      { name: 'second', exec: { script: 'echo 2' } },
    ],
  };
  id.playbook = await insertPlaybook(db, { name: 'approve-me', title: 'Approve me', spec });
  id.run = await insertRun(db, {
    playbookId: id.playbook,
    status: 'pending_approval',
    spec,
    parameters: { message: 'hi', password: 'sealed:abc' },
    configId: id.config,
    createdBy: s.ids.admin,
  });
  id.second = await insertAction(db, { runId: id.run, name: 'second', position: 1, status: 'scheduled' });
  id.firstRetry = await insertAction(db, { runId: id.run, name: 'first', position: 0, attempt: 2, status: 'completed' });
  id.first = await insertAction(db, {
    runId: id.run,
    name: 'first',
    position: 0,
    status: 'failed',
    error: 'exit status 1',
    result: { stdout: 'hello\n', stderr: 'oops\n', exitCode: 1 },
  });
  id.artifact = await insertArtifact(db, {
    actionId: id.first,
    path: '/tmp/out/report.txt',
    filename: 'report.txt',
    contentType: 'text/plain',
    content: Buffer.from('the report\n'),
  });
  id.plainRun = await insertRun(db, { playbookId: id.playbook, status: 'failed', spec: { actions: [] }, error: 'boom' });
});
afterAll(async () => {
  await s?.stop();
});

const run = (runId: string, as: TestUser | null = 'admin') =>
  s.json<PlaybookRunWire & { message?: string }>(`/api/playbook/run/${runId}`, { as });

describe('GET /api/playbook/run/{id}', () => {
  it('returns the run with its playbook, resource, actions by position and attempt, and its approval rule', async () => {
    const r = await run(id.run!);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const b = r.body;
    expect(b).toMatchObject({
      id: id.run,
      playbook_id: id.playbook,
      status: 'pending_approval',
      trigger: 'manual',
      error: null,
      config_id: id.config,
      component_id: null,
      check_id: null,
      parent_id: null,
      playbook: { id: id.playbook, name: 'approve-me', title: 'Approve me', icon: null, category: 'Other' },
      config: { id: id.config, name: 'node-7', type: 'Kubernetes::Node' },
      component: null,
      check: null,
      created_by: { id: s.ids.admin, email: 'admin@test.local' },
      approval: { type: 'any', people: ['editor@test.local'], teams: ['ops-team'] },
      approvals: [],
      can_approve: false,
    });
    expect(b.parameters).toEqual({ message: 'hi', password: '********' });
    expect(b.actions.map((a) => [a.name, a.position, a.attempt, a.status])).toEqual([
      ['first', 0, 1, 'failed'],
      ['first', 0, 2, 'completed'],
      ['second', 1, 1, 'scheduled'],
    ]);
    expect(b.actions[0]).toEqual({
      id: id.first,
      playbook_run_id: id.run,
      name: 'first',
      position: 0,
      attempt: 1,
      status: 'failed',
      scheduled_time: expect.any(String),
      start_time: expect.any(String),
      end_time: null,
      error: 'exit status 1',
    });
    expect(Number.isNaN(Date.parse(b.created_at))).toBe(false);
  });

  it('lets a listed person or a member of a listed team approve, once, while the run waits', async () => {
    expect((await run(id.run!, 'editor')).body.can_approve).toBe(true);
    expect((await run(id.run!, 'responder')).body.can_approve).toBe(true);
    expect((await run(id.run!, 'viewer')).body.can_approve).toBe(false);
    await sql`INSERT INTO playbook_approvals (run_id, person_id) VALUES (${id.run}, ${s.ids.editor})`.execute(s.ctx.db.kysely);
    const after = await run(id.run!, 'editor');
    expect(after.body.can_approve).toBe(false);
    expect(after.body.approvals).toEqual([
      { person: { id: s.ids.editor, name: 'editor User', email: 'editor@test.local', avatar: null }, created_at: expect.any(String) },
    ]);
    expect((await run(id.run!, 'responder')).body.can_approve).toBe(true);
    const other = await run(id.plainRun!, 'editor');
    expect(other.body).toMatchObject({ status: 'failed', error: 'boom', approval: null, can_approve: false, actions: [], config: null });
  });

  it('answers 404 for an unknown run, 400 for a malformed id and 401 without credentials', async () => {
    const unknown = await run('00000000-0000-4000-8000-000000000003');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Playbook run not found');
    expect((await run('x')).status).toBe(400);
    expect((await run(id.run!, null)).status).toBe(401);
  });
});

describe('GET /api/playbook/run/action/{id}', () => {
  it('returns the attempt with its result and artifacts', async () => {
    const r = await s.json<PlaybookRunActionDetail>(`/api/playbook/run/action/${id.first}`, { as: 'viewer' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: id.first,
      playbook_run_id: id.run,
      name: 'first',
      status: 'failed',
      error: 'exit status 1',
      result: { stdout: 'hello\n', stderr: 'oops\n', exitCode: 1 },
      artifacts: [{ id: id.artifact, path: '/tmp/out/report.txt', filename: 'report.txt', content_type: 'text/plain', size: 11 }],
    });
    const empty = await s.json<PlaybookRunActionDetail>(`/api/playbook/run/action/${id.second}`);
    expect(empty.body).toMatchObject({ result: null, artifacts: [] });
    const unknown = await s.json<{ message: string }>('/api/playbook/run/action/00000000-0000-4000-8000-000000000004');
    expect(unknown.status).toBe(404);
  });

  // The log keys are served from raw text only when they hold strings; other shapes come back as stored.
  it('returns results of every shape unchanged', async () => {
    const shapes: unknown[] = [
      { stdout: 'line "one"\n\ttab \u2028 é', stderr: '', exitCode: 0, rows: [{ a: 1 }] },
      { stdout: 42, stderr: null, body: 'x' },
      { stdout: 'only' },
      {},
      ['stdout', 'stderr'],
      'a plain string',
      7,
    ];
    for (const [i, result] of shapes.entries()) {
      const actionId = await insertAction(s.ctx.db.kysely, { runId: id.plainRun!, name: `shape-${i}`, position: 10 + i, result });
      const r = await s.json<PlaybookRunActionDetail>(`/api/playbook/run/action/${actionId}`);
      expect(r.status).toBe(200);
      expect(r.body.result).toEqual(result);
      expect(r.body.name).toBe(`shape-${i}`);
    }
  });

  it('downloads an artifact with its content type and file name', async () => {
    const res = await s.request(`/api/playbook/run/action/${id.first}/artifacts/${id.artifact}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report.txt"; filename*=UTF-8''report.txt`);
    expect(await res.text()).toBe('the report\n');
    // The artifact must belong to the action named in the path.
    expect((await s.request(`/api/playbook/run/action/${id.second}/artifacts/${id.artifact}`)).status).toBe(404);
  });

  it('serves a log stream as the stored text, with 404s and the read permission', async () => {
    const stdout = 'line "one"\n\ttab \u2028 é ✓\n';
    const actionId = await insertAction(s.ctx.db.kysely, {
      runId: id.plainRun!,
      name: 'text',
      position: 30,
      result: { stdout, stderr: '', exitCode: 0, other: 42 },
    });
    const res = await s.request(`/api/playbook/run/action/${actionId}/log/stdout`, { as: 'viewer' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(stdout);
    const empty = await s.request(`/api/playbook/run/action/${actionId}/log/stderr`);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    // No such stream (absent, or not a string), no such action, no result at all: 404.
    const numeric = await insertAction(s.ctx.db.kysely, { runId: id.plainRun!, name: 'num', position: 31, result: { stdout: 42 } });
    expect((await s.request(`/api/playbook/run/action/${numeric}/log/stdout`)).status).toBe(404);
    expect((await s.request(`/api/playbook/run/action/${numeric}/log/stderr`)).status).toBe(404);
    expect((await s.request(`/api/playbook/run/action/${id.second}/log/stdout`)).status).toBe(404);
    const unknown = await s.request('/api/playbook/run/action/00000000-0000-4000-8000-000000000004/log/stdout');
    expect(unknown.status).toBe(404);
    const bad = await s.json<{ message: string }>(`/api/playbook/run/action/${actionId}/log/result`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/stream/);
    expect((await s.request(`/api/playbook/run/action/${actionId}/log/stdout`, { as: null })).status).toBe(401);
  });

  // Every role (and a user without roles, treated as a viewer) reads playbooks, so no signed-in caller is refused:
  // the stream is as readable as the action, and not without credentials.
  it('lets the log stream be read by whoever may read the action', async () => {
    for (const as of ['viewer', 'norole', 'responder'] as const) {
      const detail = await s.request(`/api/playbook/run/action/${id.first}`, { as });
      const log = await s.request(`/api/playbook/run/action/${id.first}/log/stdout`, { as });
      expect([as, detail.status, log.status]).toEqual([as, 200, 200]);
      expect(await log.text()).toBe('hello\n');
    }
    const anonymous = await s.request(`/api/playbook/run/action/${id.first}/log/stdout`, { as: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('hello');
  });

  // The bound is 1.5 s, or on a loaded machine 4 times what reading the result's text out of PostgreSQL alone
  // takes there (the client reading 50 MB runs in this process too).
  it('keeps a 50 MB log out of the detail JSON and serves it as text, byte for byte', async () => {
    const line = 'INFO 2026-12-01T14:00:00Z request served in 12ms path=/api/things status=200 "quoted" é\n';
    const stdout = line.repeat(Math.ceil((50 * 1024 * 1024) / line.length));
    const stderr = 'warn\n'.repeat(60_000); // 300,000 bytes: over the inline bound too
    const bigId = await insertAction(s.ctx.db.kysely, {
      runId: id.plainRun!,
      name: 'big',
      position: 0,
      status: 'completed',
      result: { stdout, stderr, exitCode: 0 },
    });
    const detail = await s.request(`/api/playbook/run/action/${bigId}`);
    const detailText = await detail.text();
    expect(detail.status).toBe(200);
    expect(detailText.length).toBeLessThan(4096);
    const body = JSON.parse(detailText) as PlaybookRunActionDetail;
    expect(body).toMatchObject({
      name: 'big',
      result: { exitCode: 0 },
      logs: { stdout: { bytes: Buffer.byteLength(stdout) }, stderr: { bytes: 300_000 } },
    });
    expect(body.result).not.toHaveProperty('stdout');
    expect(body.result).not.toHaveProperty('stderr');
    // A stream at the bound stays inline.
    const edge = 'x'.repeat(256 * 1024);
    const edgeId = await insertAction(s.ctx.db.kysely, { runId: id.plainRun!, name: 'edge', position: 1, result: { stdout: edge } });
    const small = await s.json<PlaybookRunActionDetail>(`/api/playbook/run/action/${edgeId}`);
    expect(small.body.result).toEqual({ stdout: edge });
    expect(small.body.logs).toBeUndefined();

    const res = await s.request(`/api/playbook/run/action/${bigId}/log/stdout`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.length).toBe(stdout.length);
    expect(text === stdout).toBe(true);
    expect(await (await s.request(`/api/playbook/run/action/${bigId}/log/stderr`)).text()).toBe(stderr);
  });
});
