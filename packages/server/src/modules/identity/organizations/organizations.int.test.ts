import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenRowSchema,
  organizationCurrentSchema,
  organizationInvitationSchema,
  organizationListSchema,
  organizationTokenSchema,
  type AccessTokenRow,
  type OrganizationCurrent,
  type OrganizationToken,
} from '@ops/shared';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../../test/test-server.js';
import { FlowClient } from '../testing/flow-client.js';

// The only backend origin besides this console's own that organisations may name in these tests.
const ALLOWED = 'https://eu.ops.example.com';
const ADMIN2 = 'admin2@test.local';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false', OPS_AUTH_PROVIDER: 'hosted', OPS_ORG_BACKEND_URLS: `${ALLOWED}, ` });
  await s.ctx.identity.createUser({ firstName: 'Second', lastName: 'Admin', email: ADMIN2, password: TEST_PASSWORD, roles: ['admin'] });
});
afterAll(async () => {
  await s?.stop();
});

async function browser(email: string): Promise<FlowClient> {
  const c = new FlowClient(s.url);
  const flow = (await c.createFlow('login')).body;
  expect((await c.submit(flow, { method: 'password', identifier: email, password: TEST_PASSWORD })).status).toBe(200);
  return c;
}
const send = <T = OrganizationCurrent>(c: FlowClient, path: string, body: unknown, method = 'POST') =>
  c.json<T & { error: string }>(path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
const mint = (c: FlowClient) => send<OrganizationToken>(c, '/api/auth/organizations/current/token', undefined);
const whoami = (token: string) => fetch(`${s.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } });
const orgTokenCount = async () =>
  Number((await s.db.pool.query(`select count(*) from access_tokens where organization_id is not null`)).rows[0].count);

describe('organisation mode', () => {
  it('says so in the public config', async () => {
    expect((await s.json<{ provider: string }>('/api/auth/config', { as: null })).body.provider).toBe('hosted');
  });

  it('lets an admin create, select and switch; tokens are minted only on request, short-lived and reused', async () => {
    const c = await browser(TEST_USERS.admin);
    const empty = organizationListSchema.parse((await c.json('/api/auth/organizations')).body);
    expect(empty.selected).toBeNull();
    expect((await c.json('/api/auth/organizations/current')).status).toBe(404);
    expect((await mint(c)).status).toBe(404);

    const created = await send(c, '/api/auth/organizations', { name: 'Acme Ops' });
    expect(created.status).toBe(201);
    const acme = organizationCurrentSchema.parse(created.body);
    expect(acme.organization).toMatchObject({ name: 'Acme Ops', slug: 'acme-ops', role: 'owner' });
    expect(acme.backend_url).toBe(s.url);
    expect(acme.tokens).toEqual([]);

    // GET /current never mints, however often the web asks.
    const before = await orgTokenCount();
    for (let i = 0; i < 3; i++) expect((await c.json<OrganizationCurrent>('/api/auth/organizations/current')).body.tokens).toEqual([]);
    expect(await orgTokenCount()).toBe(before);

    const minted = await mint(c);
    expect(minted.status).toBe(201);
    const t = organizationTokenSchema.parse(minted.body);
    expect(t).toMatchObject({ organization_id: acme.organization.id, backend_url: s.url });
    const ttl = new Date(t.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    expect(((await (await whoami(t.token)).json()) as { roles: string[] }).roles).toEqual(['admin']);
    for (let i = 0; i < 3; i++) {
      const cur = organizationCurrentSchema.parse((await c.json('/api/auth/organizations/current')).body);
      expect(cur.tokens).toEqual([{ id: t.id, expires_at: t.expires_at }]);
    }
    expect(await orgTokenCount()).toBe(before + 1);
    // An organisation token cannot mint another one.
    expect(
      (await fetch(`${s.url}/api/auth/organizations/current/token`, { method: 'POST', headers: { authorization: `Bearer ${t.token}` } }))
        .status,
    ).toBe(400);

    const other = organizationCurrentSchema.parse(
      (await send(c, '/api/auth/organizations', { name: 'Acme Ops', backend_url: `${ALLOWED}/` })).body,
    );
    expect(other.organization.slug).toBe('acme-ops-2');
    expect(other.backend_url).toBe(ALLOWED);
    const list = organizationListSchema.parse((await c.json('/api/auth/organizations')).body);
    expect(list.organizations.map((o) => o.id)).toEqual(expect.arrayContaining([acme.organization.id, other.organization.id]));
    expect(list.selected).toBe(other.organization.id);

    const back = await send(c, '/api/auth/organizations/select', { organization_id: acme.organization.id });
    expect(back.status).toBe(200);
    expect(back.body.tokens.map((x) => x.id)).toEqual([t.id]);
    expect((await c.json<OrganizationCurrent>('/api/auth/organizations/current')).body.organization.id).toBe(acme.organization.id);
    const session = await c.json<{ organization: { id: string } }>('/api/auth/sessions/whoami');
    expect(session.body.organization.id).toBe(acme.organization.id);
  });

  it('lists organisation tokens with the person’s tokens; revoking one makes it 401 at once', async () => {
    const c = await browser(TEST_USERS.admin);
    const org = (await send(c, '/api/auth/organizations', { name: 'Revocable' })).body.organization;
    const t = (await mint(c)).body;
    expect((await whoami(t.token)).status).toBe(200);
    const listed = (await c.json<AccessTokenRow[]>('/api/auth/tokens')).body.find((x) => x.id === t.id)!;
    expect(accessTokenRowSchema.strict().parse(listed)).toMatchObject({
      organization: { id: org.id, name: 'Revocable' },
      expires_at: t.expires_at,
    });
    expect(JSON.stringify(listed)).not.toContain(t.token);
    expect((await s.request(`/api/auth/tokens/${t.id}`, { method: 'DELETE', as: 'viewer' })).status).toBe(404);
    expect((await c.fetch(`/api/auth/tokens/${t.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await whoami(t.token)).status).toBe(401);
    expect((await c.json<OrganizationCurrent>('/api/auth/organizations/current')).body.tokens.some((x) => x.id === t.id)).toBe(false);
  });

  it('refuses organisations and backend addresses from non-admins (403)', async () => {
    const viewer = await browser(TEST_USERS.viewer);
    const denied = await send(viewer, '/api/auth/organizations', { name: 'Trap', backend_url: 'https://attacker.example.com' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Only admins can create organizations');
    expect((await send(viewer, '/api/auth/organizations', { name: 'Plain' })).status).toBe(403);
    const editor = await browser(TEST_USERS.editor);
    expect((await send(editor, '/api/auth/organizations', { name: 'Plain' })).status).toBe(403);

    // Even an accepted member cannot move an organisation's backend unless an admin.
    const admin = await browser(TEST_USERS.admin);
    const org = (await send(admin, '/api/auth/organizations', { name: 'Moving' })).body.organization;
    expect((await send(admin, `/api/auth/organizations/${org.id}/members`, { email: TEST_USERS.viewer })).status).toBe(204);
    expect((await send(viewer, `/api/auth/organizations/${org.id}/accept`, undefined)).status).toBe(200);
    const move = await send(viewer, `/api/auth/organizations/${org.id}`, { backend_url: ALLOWED }, 'PATCH');
    expect(move.status).toBe(403);
    expect(move.body.error).toBe('Only admins can change organizations or their backend_url');
    expect((await s.db.pool.query(`select backend_url from organizations where id = $1`, [org.id])).rows[0].backend_url).toBeNull();
  });

  it('accepts only allow-listed backend origins (400 naming OPS_ORG_BACKEND_URLS); moving revokes its tokens', async () => {
    const admin = await browser(TEST_USERS.admin);
    for (const url of ['https://attacker.example.com', 'http://eu.ops.example.com', `${ALLOWED}.attacker.com`]) {
      const r = await send(admin, '/api/auth/organizations', { name: 'Elsewhere', backend_url: url });
      expect(r.status, url).toBe(400);
      expect(r.body.error).toContain('OPS_ORG_BACKEND_URLS');
    }
    for (const url of [`${ALLOWED}/api`, `https://user:pw@eu.ops.example.com`, `${ALLOWED}/?x=1`]) {
      const r = await send(admin, '/api/auth/organizations', { name: 'Elsewhere', backend_url: url });
      expect(r.status, url).toBe(400);
      expect(r.body.error).toContain('backend_url must be an origin');
    }
    const org = (await send(admin, '/api/auth/organizations', { name: 'Local first' })).body.organization;
    const t = (await mint(admin)).body;
    expect((await send(admin, `/api/auth/organizations/${org.id}`, { backend_url: 'https://attacker.example.com' }, 'PATCH')).status).toBe(
      400,
    );
    expect((await whoami(t.token)).status).toBe(200);
    const moved = await send(admin, `/api/auth/organizations/${org.id}`, { backend_url: ALLOWED }, 'PATCH');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ backend_url: ALLOWED });
    expect((await whoami(t.token)).status).toBe(401);
  });

  it('never gives a token for an organisation whose stored backend is not allowed (rows from before the allow-list)', async () => {
    const admin = await browser(TEST_USERS.admin);
    const { rows } = await s.db.pool.query<{ id: string }>(
      `insert into organizations (name, slug, backend_url) values ('Old trap', 'old-trap', 'https://attacker.example.com') returning id`,
    );
    await s.db.pool.query(
      `insert into organization_members (organization_id, person_id, role, accepted_at) values ($1, $2, 'member', now())`,
      [rows[0]!.id, s.ids.admin],
    );
    const r = await send(admin, '/api/auth/organizations/select', { organization_id: rows[0]!.id });
    expect(r.status).toBe(409);
    expect(r.body.error).toContain('OPS_ORG_BACKEND_URLS');
    await s.db.pool.query(`update sessions set organization_id = $1 where person_id = $2`, [rows[0]!.id, s.ids.admin]);
    expect((await mint(admin)).status).toBe(409);
    expect((await admin.json('/api/auth/organizations/current')).status).toBe(409);
  });

  it('makes an invited admin accept before the organisation is selectable or gets a token', async () => {
    const owner = await browser(ADMIN2);
    const org = (await send(owner, '/api/auth/organizations', { name: 'Invited' })).body.organization;
    expect((await send(owner, `/api/auth/organizations/${org.id}/members`, { email: TEST_USERS.admin })).status).toBe(204);

    const admin = await browser(TEST_USERS.admin);
    const list = organizationListSchema.parse((await admin.json('/api/auth/organizations')).body);
    expect(list.organizations.some((o) => o.id === org.id)).toBe(false);
    const pending = await admin.json<unknown[]>('/api/auth/organizations/invitations');
    const invitation = pending.body.map((i) => organizationInvitationSchema.strict().parse(i)).find((i) => i.organization.id === org.id);
    expect(invitation).toMatchObject({ organization: { name: 'Invited' }, role: 'member', invited_by: 'Second Admin' });
    const select = await send(admin, '/api/auth/organizations/select', { organization_id: org.id });
    expect(select.status).toBe(409);
    expect(select.body.error).toBe('Accept the invitation to Invited before selecting it');
    // Even with the session pointed at it, no token is issued while pending.
    await s.db.pool.query(`update sessions set organization_id = $1 where person_id = $2`, [org.id, s.ids.admin]);
    expect((await mint(admin)).status).toBe(404);
    const leaked = await s.db.pool.query(`select count(*) from access_tokens where organization_id = $1 and person_id = $2`, [
      org.id,
      s.ids.admin,
    ]);
    expect(Number(leaked.rows[0].count)).toBe(0);
    // Accepting needs the person's browser session, not a token or Basic credentials.
    expect((await s.request(`/api/auth/organizations/${org.id}/accept`, { method: 'POST' })).status).toBe(400);

    const accepted = await send(admin, `/api/auth/organizations/${org.id}/accept`, undefined);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: org.id, role: 'member' });
    expect((await send(admin, `/api/auth/organizations/${org.id}/accept`, undefined)).status).toBe(404);
    expect((await send(admin, '/api/auth/organizations/select', { organization_id: org.id })).status).toBe(200);
    expect((await mint(admin)).status).toBe(201);
  });

  it('lets an invited person decline; only owners invite', async () => {
    const owner = await browser(TEST_USERS.admin);
    const org = (await send(owner, '/api/auth/organizations', { name: 'Private' })).body.organization;
    const outsider = await browser(TEST_USERS.editor);
    expect((await send(outsider, '/api/auth/organizations/select', { organization_id: org.id })).status).toBe(404);
    expect((await send(outsider, `/api/auth/organizations/${org.id}/members`, { email: TEST_USERS.editor })).status).toBe(404);
    expect((await send(owner, `/api/auth/organizations/${org.id}/members`, { email: 'nobody@test.local' })).status).toBe(404);
    expect((await send(owner, `/api/auth/organizations/${org.id}/members`, { email: TEST_USERS.editor })).status).toBe(204);
    expect((await send(outsider, `/api/auth/organizations/${org.id}/decline`, undefined)).status).toBe(204);
    expect((await outsider.json<unknown[]>('/api/auth/organizations/invitations')).body).toEqual([]);
    expect((await send(outsider, '/api/auth/organizations/select', { organization_id: org.id })).status).toBe(404);
    expect((await send(outsider, `/api/auth/organizations/${org.id}/accept`, undefined)).status).toBe(404);
    expect((await send(owner, `/api/auth/organizations/${org.id}/members`, { email: TEST_USERS.editor })).status).toBe(204);
    expect((await send(outsider, `/api/auth/organizations/${org.id}/accept`, undefined)).status).toBe(200);
    expect((await send(outsider, `/api/auth/organizations/${org.id}/members`, { email: TEST_USERS.viewer })).status).toBe(403);
    expect((await send(outsider, '/api/auth/organizations/select', { organization_id: 'nope' })).status).toBe(400);
  });

  it('needs a browser session to create or select', async () => {
    const r = await s.json<{ error: string }>('/api/auth/organizations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Basic' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Sign in with a browser session to choose an organization');
  });
});
