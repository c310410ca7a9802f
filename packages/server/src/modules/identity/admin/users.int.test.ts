import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_FORM_MESSAGES, userRowSchema, type UserRow } from '@ops/shared';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer, type TestUser } from '../../../test/test-server.js';
import { FlowClient, type FlowJson } from '../testing/flow-client.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

const post = (path: string, body: unknown, as: TestUser | null = 'admin') =>
  s.json<{ error: string; link?: string; id?: string }>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    as,
  });
const patch = (path: string, body: unknown, as: TestUser = 'admin') =>
  s.json<UserRow & { error: string }>(path, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    as,
  });

async function signIn(email: string, password = TEST_PASSWORD) {
  const c = new FlowClient(s.url);
  const flow = (await c.createFlow('login')).body;
  return { c, res: await c.submit<FlowJson>(flow, { method: 'password', identifier: email, password }) };
}

let n = 0;
async function person(roles: string[] = ['viewer']) {
  const email = `user${++n}@test.local`;
  const id = await s.ctx.identity.createUser({ firstName: 'Per', lastName: `Son${n}`, email, password: TEST_PASSWORD, roles });
  return { email, id };
}

describe('invite_user', () => {
  const valid = { firstName: 'Ann', lastName: 'Lee', email: 'ann@test.local', role: 'viewer' };

  it.each([
    [{ ...valid, firstName: '' }, USER_FORM_MESSAGES.firstName],
    [{ ...valid, firstName: undefined }, USER_FORM_MESSAGES.firstName],
    [{ ...valid, lastName: ' ' }, USER_FORM_MESSAGES.lastName],
    [{ ...valid, email: '' }, USER_FORM_MESSAGES.email],
    [{ ...valid, email: 'ann@test' }, USER_FORM_MESSAGES.emailFormat],
    [{ ...valid, role: 'boss' }, USER_FORM_MESSAGES.role],
    [{ ...valid, role: undefined }, USER_FORM_MESSAGES.role],
  ])('answers 400 with the user-form text for %j', async (body, message) => {
    const r = await post('/api/auth/invite_user', body);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(message);
  });

  it('is refused to editors and viewers (identities write) and creates nothing', async () => {
    for (const as of ['editor', 'viewer', 'commander'] as const)
      expect((await post('/api/auth/invite_user', { ...valid, email: `x-${as}@test.local` }, as)).status).toBe(403);
    const rows = await s.db.pool.query(`select count(*)::int as n from people where email like 'x-%@test.local'`);
    expect(rows.rows[0].n).toBe(0);
  });

  it('returns a link without mail configured, and refuses a second invitation to the same address', async () => {
    const r = await post('/api/auth/invite_user', valid);
    expect(r.status).toBe(200);
    expect(r.body.link).toMatch(new RegExp(`^${s.url}/api/auth/self-service/invite\\?token=[\\w-]{43}$`));
    const token = new URL(r.body.link!).searchParams.get('token')!;
    const stored = await s.db.pool.query(`select count(*)::int as n from identity_codes where code_hash like $1`, [`%${token}%`]);
    expect(stored.rows[0].n).toBe(0);
    expect((await post('/api/auth/invite_user', { ...valid, email: 'ANN@test.local' })).status).toBe(409);
  });
});

describe('users', () => {
  it('lists identities with roles for identities readers only', async () => {
    const r = await s.json<UserRow[]>('/api/auth/identities?limit=500');
    expect(r.status).toBe(200);
    const admin = r.body.find((u) => u.email === TEST_USERS.admin)!;
    expect(userRowSchema.parse(admin).roles).toEqual(['admin']);
    expect(Number(r.headers.get('x-total-count'))).toBeGreaterThanOrEqual(6);
    const search = await s.json<UserRow[]>('/api/auth/identities?search=commander');
    expect(search.body.map((u) => u.email)).toEqual([TEST_USERS.commander]);
    expect((await s.json('/api/auth/identities', { as: 'editor' })).status).toBe(403);
    expect((await s.json('/api/auth/identities', { as: 'viewer' })).status).toBe(403);
  });

  it("changes roles, ending the person's sessions so the next sign-in gets a new id with the new rights", async () => {
    const p = await person(['viewer']);
    const { c } = await signIn(p.email);
    expect((await c.json<{ roles: string[] }>('/api/auth/whoami')).body.roles).toEqual(['viewer']);
    const r = await patch(`/api/auth/identities/${p.id}`, { roles: ['editor', 'responder'] });
    expect(r.status).toBe(200);
    expect(r.body.roles).toEqual(['editor', 'responder']);
    expect((await c.json('/api/auth/whoami')).status).toBe(401);
    const again = await signIn(p.email);
    expect((await again.c.json<{ roles: string[] }>('/api/auth/whoami')).body.roles).toEqual(['editor', 'responder']);
    // Basic credentials see the change at once too (the principal caches were cleared).
    const basic = await fetch(`${s.url}/api/auth/whoami`, {
      headers: { authorization: `Basic ${Buffer.from(`${p.email}:${TEST_PASSWORD}`).toString('base64')}` },
    });
    expect(((await basic.json()) as { roles: string[] }).roles).toEqual(['editor', 'responder']);
  });

  it('updates a role through /api/rbac/{id}/update_role (rbac write: admins only)', async () => {
    const p = await person(['viewer']);
    const denied = await s.json(`/api/rbac/${p.id}/update_role`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'admin' }),
      as: 'editor',
    });
    expect(denied.status).toBe(403);
    const bad = await post(`/api/rbac/${p.id}/update_role`, { role: 'root' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(USER_FORM_MESSAGES.role);
    const ok = await s.json<UserRow>(`/api/rbac/${p.id}/update_role`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'commander' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.roles).toEqual(['commander']);
    const missing = await post('/api/rbac/8f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/update_role', { role: 'viewer' });
    expect(missing.status).toBe(404);
  });

  it('deactivates and reactivates: an inactive person cannot sign in by any means', async () => {
    const p = await person();
    const { c } = await signIn(p.email);
    expect((await patch(`/api/auth/identities/${p.id}`, { active: false })).body.state).toBe('inactive');
    expect((await c.json('/api/auth/whoami')).status).toBe(401);
    const refused = await signIn(p.email);
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.ui.messages?.[0]?.id).toBe(4000006);
    const basic = await fetch(`${s.url}/api/auth/whoami`, {
      headers: { authorization: `Basic ${Buffer.from(`${p.email}:${TEST_PASSWORD}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
    expect((await patch(`/api/auth/identities/${p.id}`, { active: true })).body.state).toBe('active');
    expect((await signIn(p.email)).res.status).toBe(200);
  });

  it('edits names and e-mail, refusing an address someone else has', async () => {
    const p = await person();
    const r = await patch(`/api/auth/identities/${p.id}`, { firstName: 'Renamed', lastName: 'Person', email: `renamed${n}@test.local` });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Renamed Person',
      email: `renamed${n}@test.local`,
      traits: { name: { first: 'Renamed', last: 'Person' } },
    });
    expect((await patch(`/api/auth/identities/${p.id}`, { email: TEST_USERS.viewer })).status).toBe(409);
    expect((await patch(`/api/auth/identities/${p.id}`, { email: 'not-an-email' })).body.error).toBe(USER_FORM_MESSAGES.emailFormat);
  });

  it('deletes softly: deleted_at set, identity inactive, sessions and personal tokens revoked', async () => {
    const p = await person();
    const { c } = await signIn(p.email);
    const { token } = await s.ctx.identity.createAccessToken({ name: 'cli', personId: p.id });
    expect((await s.json(`/api/auth/identities/${p.id}`, { method: 'DELETE', as: 'editor' })).status).toBe(403);
    expect((await s.request(`/api/auth/identities/${p.id}`, { method: 'DELETE' })).status).toBe(204);
    const row = await s.db.pool.query(`select p.deleted_at, i.state from people p join identities i on i.id = p.id where p.id = $1`, [
      p.id,
    ]);
    expect(row.rows[0].deleted_at).not.toBeNull();
    expect(row.rows[0].state).toBe('inactive');
    expect((await c.json('/api/auth/whoami')).status).toBe(401);
    expect((await fetch(`${s.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await s.json<UserRow[]>('/api/auth/identities?limit=1000')).body.some((u) => u.id === p.id)).toBe(false);
    expect((await s.request(`/api/auth/identities/${p.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('keeps at least one active admin', async () => {
    const r = await patch(`/api/auth/identities/${s.ids.admin}`, { role: 'viewer' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('At least one active admin must remain');
    expect((await s.request(`/api/auth/identities/${s.ids.admin}`, { method: 'DELETE' })).status).toBe(400);
    expect((await patch(`/api/auth/identities/${s.ids.admin}`, { active: false })).status).toBe(400);
  });
});

describe('people (the calls the web makes through /api/db)', () => {
  it('reads people and their roles by id', async () => {
    const one = await s.json<{ id: string; name: string; email: string }[]>(`/api/db/people?id=eq.${s.ids.editor}`, { as: 'viewer' });
    expect(one.body).toEqual([expect.objectContaining({ id: s.ids.editor, name: 'editor User', email: TEST_USERS.editor })]);
    const roles = await s.json<{ id: string; roles: string[] }[]>(
      `/api/db/people_roles?id=in.(${s.ids.editor},${s.ids.norole})&order=name.asc`,
    );
    expect(roles.body.map((r) => r.roles)).toEqual([['editor'], []]);
    expect((await s.json('/api/db/people_roles', { as: 'viewer' })).status).toBe(403);
    expect((await s.json('/api/db/identities', { as: 'editor' })).status).toBe(403);
  });
});

describe('registration disabled by default', () => {
  it('answers 403 self_service_flow_disabled and the config says so', async () => {
    const r = await new FlowClient(s.url).createFlow('registration');
    expect(r.status).toBe(403);
    expect((r.body as unknown as { error: { id: string } }).error.id).toBe('self_service_flow_disabled');
    const cfg = await s.json('/api/auth/config', { as: null });
    expect(cfg.body).toEqual({ provider: 'self-hosted', registration: false, oidc: [], mail: false });
  });
});
