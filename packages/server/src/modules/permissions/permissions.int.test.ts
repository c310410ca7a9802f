// Permission documents through HTTP on the real database: the conformance fixtures applied unchanged, then
// POST /api/playbook/run as people they name: john (a viewer) may run any playbook only on configs in namespace
// mission-control, foo (an editor) is denied every playbook, others keep their roles. Bad documents are 400s.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test/test-server.js';

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const FIXTURES = path.resolve(REPO, '../shared/conformance/mission-control/fixtures/permissions');
const JOHN = 'john@doe.com';
const FOO = 'foo@bar.com';
const OTHER_VIEWER = 'someone@else.com';

let s: TestServer;
let playbookId: string;
let johnsRun: string;
const configs: Record<string, string> = {};

function apply(body: string, as: 'admin' | 'editor' = 'admin') {
  return s.json<{ results?: { name: string; id: string; action: string }[]; message?: string; error?: string }>('/api/resources/apply', {
    method: 'POST',
    headers: { 'content-type': 'application/yaml' },
    body,
    as,
  });
}

function basic(email: string): string {
  return `Basic ${Buffer.from(`${email}:${TEST_PASSWORD}`).toString('base64')}`;
}

function runAs(email: string | 'admin', body: Record<string, unknown>) {
  const init = email === 'admin' ? {} : { as: null, headers: { authorization: basic(email) } };
  return s.json<{ run_id?: string; message?: string }>('/api/playbook/run', {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    body: JSON.stringify(body),
  });
}

async function insertConfig(name: string, namespace: string): Promise<string> {
  const r = await sql<{ id: string }>`
    INSERT INTO config_items (external_id, type, name, config_class, tags)
    VALUES (ARRAY[${`perm-${namespace}-${name}`}], 'Kubernetes::Pod', ${name}, 'Pod', ${JSON.stringify({ namespace })}::jsonb)
    RETURNING id::text AS id`.execute(s.ctx.db.kysely);
  return r.rows[0]!.id;
}

async function waitForEnd(runId: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const r = await sql<{ status: string }>`SELECT status FROM playbook_runs WHERE id = ${runId}`.execute(s.ctx.db.kysely);
    const status = r.rows[0]!.status;
    if (['completed', 'failed', 'cancelled', 'timed_out'].includes(status)) return status;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${status}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

beforeAll(async () => {
  s = await startTestServer();
  // foo exists before the permissions are applied (resolved to the person), john only after (matched by e-mail).
  await s.ctx.identity.createUser({ firstName: 'Foo', lastName: 'Bar', email: FOO, password: TEST_PASSWORD, roles: ['editor'] });
  for (const file of ['allow-person-playbook-run.yaml', 'deny-person-playbook.yaml']) {
    const res = await apply(readFileSync(path.join(FIXTURES, file), 'utf8'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await s.ctx.identity.createUser({ firstName: 'John', lastName: 'Doe', email: JOHN, password: TEST_PASSWORD, roles: ['viewer'] });
  await s.ctx.identity.createUser({ firstName: 'Some', lastName: 'One', email: OTHER_VIEWER, password: TEST_PASSWORD, roles: ['viewer'] });
  const pb = await apply(
    stringify({
      apiVersion: 'mission-control.flanksource.com/v1',
      kind: 'Playbook',
      metadata: { name: 'perm-echo' },
      spec: { configs: [{ types: ['Kubernetes::Pod'] }], actions: [{ name: 'say', exec: { script: 'echo hello' } }] },
    }),
  );
  expect(pb.status, JSON.stringify(pb.body)).toBe(200);
  playbookId = pb.body.results![0]!.id;
  configs.mc = await insertConfig('web-1', 'mission-control');
  configs.other = await insertConfig('web-2', 'other');
});
afterAll(async () => {
  await s?.stop();
});

describe('Permission documents', () => {
  it('are stored as applied and read back by ops get', async () => {
    const res = await s.json<{ items: { metadata: { name: string }; spec: Record<string, unknown> }[] }>('/api/resources/permissions');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byName = Object.fromEntries(res.body.items.map((i) => [i.metadata.name, i.spec]));
    expect(byName['allow-user-playbook-run']).toMatchObject({
      subject: { person: JOHN },
      actions: ['playbook:*'],
      deny: false,
      object: { playbooks: [{ name: '*' }], configs: [{ namespace: 'mission-control' }] },
    });
    expect(byName['deny-user-foo-playbook-run']).toMatchObject({ subject: { person: FOO }, deny: true });
  });

  it('applying one again is an update, not a second row', async () => {
    const res = await apply(readFileSync(path.join(FIXTURES, 'deny-person-playbook.yaml'), 'utf8'));
    expect(res.body.results![0]!.action).toBe('updated');
    const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM permissions WHERE deleted_at IS NULL`.execute(s.ctx.db.kysely);
    expect(n.rows[0]!.n).toBe(2);
  });

  it('only admins may write them (rbac)', async () => {
    const res = await apply(readFileSync(path.join(FIXTURES, 'deny-person-playbook.yaml'), 'utf8'), 'editor');
    expect(res.status).toBe(403);
  });

  it.each([
    ['spec.subject', { actions: ['playbook:run'], object: { playbooks: [{ name: '*' }] } }],
    ['spec.subject', { subject: { person: JOHN, team: 'x' }, actions: ['playbook:run'], object: { playbooks: [{ name: '*' }] } }],
    ['spec.actions', { subject: { person: JOHN }, actions: [], object: { playbooks: [{ name: '*' }] } }],
    ['spec.actions[0]', { subject: { person: JOHN }, actions: ['Run Now'], object: { playbooks: [{ name: '*' }] } }],
    ['spec.object', { subject: { person: JOHN }, actions: ['playbook:run'], object: {} }],
    ['spec.object.configs[0]', { subject: { person: JOHN }, actions: ['playbook:run'], object: { configs: [{ labelSelector: 'a=b' }] } }],
    ['spec.deny', { subject: { person: JOHN }, actions: ['playbook:run'], deny: 'yes', object: { playbooks: [{ name: '*' }] } }],
    ['spec.subject.person', { subject: { person: 'john' }, actions: ['playbook:run'], object: { playbooks: [{ name: '*' }] } }],
    ['spec.subject.team', { subject: { team: 'no-such-team' }, actions: ['playbook:run'], object: { playbooks: [{ name: '*' }] } }],
  ])('a document with a bad %s is a 400 naming it', async (field, spec) => {
    const res = await apply(
      stringify({ apiVersion: 'mission-control.flanksource.com/v1', kind: 'Permission', metadata: { name: 'bad' }, spec }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain(`${field}: `);
  });
});

describe('POST /api/playbook/run with permissions', () => {
  it('john (a viewer) runs any playbook on a config in namespace mission-control, and the run completes', async () => {
    const res = await runAs(JOHN, { id: playbookId, config_id: configs.mc });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await waitForEnd(res.body.run_id!)).toBe('completed');
    johnsRun = res.body.run_id!;
  });

  it('a re-run obeys the same permissions: john may re-run it, foo is denied', async () => {
    const rerun = (email: string) =>
      s.json<{ message?: string }>(`/api/playbook/run/${johnsRun}/rerun`, {
        method: 'POST',
        as: null,
        headers: { authorization: basic(email) },
      });
    expect((await rerun(JOHN)).status).toBe(200);
    const denied = await rerun(FOO);
    expect(denied.status, JSON.stringify(denied.body)).toBe(403);
    expect(denied.body.message).toContain('Permission deny-user-foo-playbook-run denies');
  });

  it('john on a config in another namespace keeps his role: 403', async () => {
    const res = await runAs(JOHN, { id: playbookId, config_id: configs.other });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
  });

  it('foo (an editor, who could run by role) is refused by the deny, which is named', async () => {
    const res = await runAs(FOO, { id: playbookId, config_id: configs.mc });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.message).toBe(`Permission deny-user-foo-playbook-run denies ${FOO} running playbook perm-echo`);
  });

  it('another viewer, named by no permission, is 403', async () => {
    const res = await runAs(OTHER_VIEWER, { id: playbookId, config_id: configs.mc });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
  });

  it('an admin runs it as before', async () => {
    const res = await runAs('admin', { id: playbookId, config_id: configs.other });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('a permission granted through a team counts for its members', async () => {
    const db = s.ctx.db.kysely;
    const team = await sql<{ id: string }>`INSERT INTO teams (name) VALUES ('perm-team') RETURNING id::text AS id`.execute(db);
    await sql`INSERT INTO team_members (team_id, person_id) SELECT ${team.rows[0]!.id}, id FROM people WHERE email = ${OTHER_VIEWER}`.execute(
      db,
    );
    const res = await apply(
      stringify({
        apiVersion: 'mission-control.flanksource.com/v1',
        kind: 'Permission',
        metadata: { name: 'team-run-other' },
        spec: {
          subject: { team: 'perm-team' },
          actions: ['playbook:run'],
          object: { playbooks: [{ name: 'perm-*' }], configs: [{ namespace: 'other' }] },
        },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await runAs(OTHER_VIEWER, { id: playbookId, config_id: configs.other })).status).toBe(200);
    expect((await runAs(OTHER_VIEWER, { id: playbookId, config_id: configs.mc })).status).toBe(403);
  });
  it('a listed approver whom a permission denies playbook:* cannot approve; another listed approver can', async () => {
    const pb = await apply(
      stringify({
        apiVersion: 'mission-control.flanksource.com/v1',
        kind: 'Playbook',
        metadata: { name: 'perm-approved' },
        spec: {
          approval: { type: 'any', approvers: { people: [FOO, OTHER_VIEWER] } },
          actions: [{ name: 'say', exec: { script: 'echo approved' } }],
        },
      }),
    );
    expect(pb.status, JSON.stringify(pb.body)).toBe(200);
    const run = await runAs('admin', { id: pb.body.results![0]!.id });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const approve = (email: string) =>
      s.json<{ message?: string }>(`/api/playbook/run/${run.body.run_id}/approve`, {
        method: 'POST',
        as: null,
        headers: { authorization: basic(email) },
      });
    const denied = await approve(FOO);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(`Permission deny-user-foo-playbook-run denies ${FOO} approving playbook perm-approved`);
    expect((await approve(OTHER_VIEWER)).status).toBe(200);
    expect(await waitForEnd(run.body.run_id!)).toBe('completed');
  });
  it('leaves the playbooks a permission denies out of the Playbooks menu', async () => {
    const menu = (authorization?: string) =>
      s.json<{ name: string }[]>(
        `/api/playbook/list?config_id=${configs.mc}`,
        authorization ? { as: null, headers: { authorization } } : {},
      );
    const admin = await menu();
    expect(admin.status).toBe(200);
    expect(admin.body.map((p) => p.name)).toContain('perm-echo');
    const foo = await menu(basic(FOO));
    expect(foo.status).toBe(200);
    expect(foo.body.map((p) => p.name)).not.toContain('perm-echo');
  });
});
