import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcPeer, type OidcPeer } from '../../../test/peers/oidc.js';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../../test/test-server.js';
import { FlowClient, messageIds, node, type FlowJson } from '../testing/flow-client.js';

let s: TestServer;
let idp: OidcPeer;
beforeAll(async () => {
  idp = await startOidcPeer();
  s = await startTestServer({ OPS_JOBS: 'false', ...idp.env });
  await idp.start(`${s.url}/api/auth/self-service/methods/oidc/callback/oidc`);
});
afterAll(async () => {
  await s?.stop();
  await idp?.close();
});

/** Start OIDC from a login flow and follow the browser through the provider back to our callback. */
async function ssoSignIn(c: FlowClient, query = 'return_to=/health'): Promise<string> {
  const flow = (await c.createFlow('login', query)).body;
  const start = await c.submit<{ error: { id: string }; redirect_browser_to: string }>(flow, { method: 'oidc', provider: 'oidc' });
  expect(start.status).toBe(422);
  expect(start.body.error.id).toBe('browser_location_change_required');
  expect(start.body.redirect_browser_to.startsWith(`${idp.issuer}/`)).toBe(true);
  const end = await c.follow(start.body.redirect_browser_to, (u) => u.origin === s.url && !u.pathname.startsWith('/api/'));
  return new URL(end.url).pathname + new URL(end.url).search;
}

describe('OIDC sign-in', () => {
  it('offers the provider on the login flow and in the public config', async () => {
    const flow = (await new FlowClient(s.url).createFlow('login')).body;
    expect(node(flow, 'provider')?.meta.label?.text).toBe('Sign in with Test SSO');
    expect((await s.json('/api/auth/config', { as: null })).body).toMatchObject({ oidc: [{ id: 'oidc', label: 'Test SSO' }] });
  });

  it('creates an identity from a verified e-mail, then finds it again by the link', async () => {
    idp.user = { sub: 'sso-1', email: 'sso.user@example.com', email_verified: true, given_name: 'Sso', family_name: 'User' };
    const c = new FlowClient(s.url);
    expect(await ssoSignIn(c)).toBe('/health');
    const who = await c.json<{ user: { name: string; email: string }; roles: string[] }>('/api/auth/whoami');
    expect(who.body).toMatchObject({ user: { name: 'Sso User', email: 'sso.user@example.com' }, roles: ['viewer'] });
    const session = await c.json<{
      authentication_methods: { method: string; provider: string }[];
      identity: { verifiable_addresses: { verified: boolean }[] };
    }>('/api/auth/sessions/whoami');
    expect(session.body.authentication_methods[0]).toMatchObject({ method: 'oidc', provider: 'oidc' });
    expect(session.body.identity.verifiable_addresses[0]?.verified).toBe(true);
    idp.user = { ...idp.user, email: 'changed@example.com' };
    const again = new FlowClient(s.url);
    await ssoSignIn(again);
    expect((await again.json<{ user: { email: string } }>('/api/auth/whoami')).body.user.email).toBe('sso.user@example.com');
    const count = await s.db.pool.query(`select count(*)::int as n from identity_oidc_links where subject = 'sso-1'`);
    expect(count.rows[0].n).toBe(1);
  });

  it('links an existing person by verified e-mail, keeping their roles', async () => {
    idp.user = { sub: 'sso-editor', email: TEST_USERS.editor, email_verified: true };
    const c = new FlowClient(s.url);
    await ssoSignIn(c);
    expect((await c.json<{ user: { id: string }; roles: string[] }>('/api/auth/whoami')).body).toMatchObject({
      user: { id: s.ids.editor },
      roles: ['editor'],
    });
  });

  it('refuses an unverified e-mail and shows why on the login flow', async () => {
    idp.user = { sub: 'sso-unverified', email: TEST_USERS.admin, email_verified: false };
    const c = new FlowClient(s.url);
    const landing = await ssoSignIn(c);
    expect(landing).toMatch(/^\/login\?flow=/);
    const flow = await c.json<FlowJson>(`/api/auth/self-service/login/flows?id=${landing.split('flow=')[1]}`);
    expect(flow.body.ui.messages?.[0]?.text).toContain('is not verified');
    expect(c.jar.get('ops_session')).toBeUndefined();
  });

  it('refuses a callback from another browser (state bound to the CSRF cookie) or with a forged state', async () => {
    idp.user = { sub: 'sso-2', email: 'other@example.com', email_verified: true };
    const c = new FlowClient(s.url);
    const flow = (await c.createFlow('login')).body;
    const start = await c.submit<{ redirect_browser_to: string }>(flow, { method: 'oidc', provider: 'oidc' });
    let callback = '';
    await c.follow(start.body.redirect_browser_to, (u) => {
      if (u.pathname.includes('/methods/oidc/callback/')) callback = u.href;
      return Boolean(callback);
    });
    const thief = new FlowClient(s.url);
    const stolen = await thief.fetch(callback);
    expect(stolen.status).toBe(303);
    expect(stolen.headers.get('location')).toMatch(/^\/error\?id=/);
    const forged = await c.fetch(callback.replace(/state=[^&]+/, 'state=forged'));
    expect(forged.headers.get('location')).toMatch(/^\/error\?id=/);
    expect(thief.jar.get('ops_session')).toBeUndefined();
    expect(c.jar.get('ops_session')).toBeUndefined();
  });

  it('links and unlinks from the settings flow', async () => {
    const c = new FlowClient(s.url);
    const login = (await c.createFlow('login')).body;
    await c.submit(login, { method: 'password', identifier: TEST_USERS.commander, password: TEST_PASSWORD });
    const settings = (await c.createFlow('settings')).body;
    expect(node(settings, 'link')?.meta.label?.text).toBe('Link Test SSO');
    idp.user = { sub: 'sso-commander', email: 'cmd@elsewhere.example', email_verified: true };
    const start = await c.submit<{ redirect_browser_to: string }>(settings, { method: 'oidc', link: 'oidc' });
    expect(start.status).toBe(422);
    const end = await c.follow(start.body.redirect_browser_to, (u) => u.origin === s.url && !u.pathname.startsWith('/api/'));
    expect(new URL(end.url).pathname).toBe('/profile-settings');
    const linked = await c.json<FlowJson>(`/api/auth/self-service/settings/flows?id=${settings.id}`);
    expect(messageIds(linked.body)).toContain(1050001);
    expect(node(linked.body, 'unlink')?.meta.label?.text).toBe('Unlink Test SSO');
    const viaSso = new FlowClient(s.url);
    await ssoSignIn(viaSso);
    expect((await viaSso.json<{ user: { id: string } }>('/api/auth/whoami')).body.user.id).toBe(s.ids.commander);
    const unlinked = await c.submit<FlowJson>(linked.body, { method: 'oidc', unlink: 'oidc' });
    expect(unlinked.status).toBe(200);
    expect(node(unlinked.body, 'link')).toBeDefined();
  });
});
