import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFlowSchema, loginSuccessSchema, sessionSchema, UI_MESSAGES } from '@ops/shared';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../../test/test-server.js';
import { FlowClient, messageIds, node, nodeValue, type FlowJson } from '../testing/flow-client.js';
import { FlowRepository } from './flow.repository.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

async function signIn(email: string, password = TEST_PASSWORD, query = '') {
  const c = new FlowClient(s.url);
  const flow = (await c.createFlow('login', query)).body;
  const res = await c.submit(flow, { method: 'password', identifier: email, password });
  return { c, flow, res };
}

const sessionRows = async (personId: string) =>
  Number((await s.db.pool.query('select count(*) as n from sessions where person_id = $1', [personId])).rows[0].n);

describe('login flow', () => {
  it('creates a Kratos-shaped browser flow with a CSRF token bound to a cookie', async () => {
    const c = new FlowClient(s.url);
    const r = await c.createFlow('login', 'return_to=%2Fhealth%3Fx%3D1');
    expect(r.status).toBe(200);
    const flow = loginFlowSchema.parse(r.body);
    expect(flow.ui.action).toBe(`/api/auth/self-service/login?flow=${flow.id}`);
    expect(flow.return_to).toBe('/health?x=1');
    expect(flow.requested_aal).toBe('aal1');
    expect(nodeValue(r.body, 'csrf_token')).toMatch(/^[0-9a-f]{64}$/);
    expect(node(r.body, 'identifier')?.meta.label?.text).toBe('Email');
    expect(node(r.body, 'password')?.attributes).toMatchObject({ type: 'password', required: true });
    expect(c.jar.get('ops_csrf')).toBeTruthy();
    const again = await c.json<FlowJson>(`/api/auth/self-service/login/flows?id=${flow.id}`);
    expect(again.status).toBe(200);
    expect(nodeValue(again.body, 'csrf_token')).toBe(nodeValue(r.body, 'csrf_token'));
    // Another browser (another cookie) may not read the flow and its token.
    const other = await new FlowClient(s.url).json<{ error: { id: string } }>(`/api/auth/self-service/login/flows?id=${flow.id}`);
    expect(other.status).toBe(403);
    expect(other.body.error.id).toBe('security_csrf_violation');
  });

  it('redirects a plain browser navigation to the login page with the flow id', async () => {
    const res = await new FlowClient(s.url).fetch('/api/auth/self-service/login/browser');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/login\?flow=[0-9a-f-]{36}$/);
  });

  it('signs in with a password: new session cookie, Kratos session, app who-am-I', async () => {
    const { c, res } = await signIn(TEST_USERS.editor, TEST_PASSWORD, 'return_to=/health');
    expect(res.status).toBe(200);
    const body = loginSuccessSchema.parse(res.body);
    expect(body.session.identity.traits.email).toBe(TEST_USERS.editor);
    expect(body.session.authenticator_assurance_level).toBe('aal1');
    expect(body.continue_with?.[0]).toEqual({ action: 'redirect_browser_to', redirect_browser_to: '/health' });
    const who = await c.json<{ roles: string[] }>('/api/auth/whoami');
    expect(who.body.roles).toEqual(['editor']);
    const sess = await c.json('/api/auth/sessions/whoami');
    expect(sessionSchema.parse(sess.body).identity.id).toBe(s.ids.editor);
    // Signing in again from the same browser rotates the session id and ends the old one.
    const old = c.jar.get('ops_session')!;
    const flow2 = (await c.createFlow('login', 'refresh=true')).body;
    expect(messageIds(flow2)).toContain(UI_MESSAGES.loginReAuth.id);
    expect((await c.submit(flow2, { method: 'password', identifier: TEST_USERS.editor, password: TEST_PASSWORD })).status).toBe(200);
    expect(c.jar.get('ops_session')).not.toBe(old);
    const stale = await fetch(`${s.url}/api/auth/whoami`, { headers: { cookie: `ops_session=${old}` } });
    expect(stale.status).toBe(401);
  });

  it('refuses to re-authenticate as someone else (security_identity_mismatch) and keeps the session', async () => {
    const { c } = await signIn(TEST_USERS.editor);
    const before = c.jar.get('ops_session');
    const refresh = (await c.createFlow('login', 'refresh=true')).body;
    expect(nodeValue(refresh, 'identifier')).toBe(TEST_USERS.editor);
    const r = await c.submit<{ error: { id: string } }>(refresh, {
      method: 'password',
      identifier: TEST_USERS.viewer,
      password: TEST_PASSWORD,
    });
    expect(r.status).toBe(403);
    expect(r.body.error.id).toBe('security_identity_mismatch');
    expect(c.jar.get('ops_session')).toBe(before);
    expect((await c.json<{ roles: string[] }>('/api/auth/whoami')).body.roles).toEqual(['editor']);
  });

  it('accepts a form-encoded body', async () => {
    const c = new FlowClient(s.url);
    const flow = (await c.createFlow('login')).body;
    const res = await c.json(flow.ui.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        csrf_token: String(nodeValue(flow, 'csrf_token')),
        method: 'password',
        identifier: TEST_USERS.viewer,
        password: TEST_PASSWORD,
      }).toString(),
    });
    expect(res.status).toBe(200);
  });

  it('gives unknown accounts and wrong passwords the same 400 with message 4000006, keeping the identifier', async () => {
    const wrong = await signIn(TEST_USERS.viewer, 'not-the-password');
    const unknown = await signIn('nobody@test.local', 'not-the-password');
    for (const r of [wrong, unknown]) {
      expect(r.res.status).toBe(400);
      const flow = r.res.body as unknown as FlowJson;
      expect(flow.ui.messages).toEqual([{ id: 4000006, text: UI_MESSAGES.invalidCredentials.text, type: 'error' }]);
      expect(r.c.jar.get('ops_session')).toBeUndefined();
    }
    expect(nodeValue(unknown.res.body as unknown as FlowJson, 'identifier')).toBe('nobody@test.local');
    expect(nodeValue(unknown.res.body as unknown as FlowJson, 'password')).toBeUndefined();
  });

  it('answers malformed bodies with the flow and a message naming the problem, signing nobody in', async () => {
    const c = new FlowClient(s.url);
    const flow = (await c.createFlow('login')).body;
    const csrf = String(nodeValue(flow, 'csrf_token'));
    const bad = await c.json<FlowJson>(flow.ui.action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"csrf_token": ',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ui.messages?.[0]).toMatchObject({
      id: 4000001,
      text: 'The request body could not be parsed: send JSON or a form-encoded body.',
    });
    const noMethod = await c.submit<FlowJson>(flow, { identifier: 'x' });
    expect(noMethod.status).toBe(400);
    expect(messageIds(noMethod.body)).toEqual([UI_MESSAGES.loginNoStrategy.id]);
    const noPassword = await c.submit<FlowJson>(flow, { method: 'password', identifier: TEST_USERS.viewer });
    expect(noPassword.status).toBe(400);
    expect(node(noPassword.body, 'password')?.messages[0]).toMatchObject({ id: 4000002, text: 'Property password is missing.' });
    const wrongTypes = await c.json<FlowJson>(flow.ui.action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrf_token: csrf, method: 'password', identifier: ['a'], password: 1 }),
    });
    expect(wrongTypes.status).toBe(400);
    expect(node(wrongTypes.body, 'identifier')?.messages[0]?.type).toBe('error');
    expect(c.jar.get('ops_session')).toBeUndefined();
  });

  it('refuses a wrong or missing CSRF token with security_csrf_violation and changes nothing', async () => {
    const before = await sessionRows(s.ids.commander);
    const c = new FlowClient(s.url);
    const flow = (await c.createFlow('login')).body;
    const wrong = await c.submit<{ error: { id: string; message: string } }>(flow, {
      csrf_token: 'f'.repeat(64),
      method: 'password',
      identifier: TEST_USERS.commander,
      password: TEST_PASSWORD,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({
      id: 'security_csrf_violation',
      message: 'A security violation was detected, please fill out the form again.',
    });
    // The right token from another browser (without the flow's cookie) is refused too.
    const thief = new FlowClient(s.url);
    const stolen = await thief.submit<{ error: { id: string } }>(flow, {
      method: 'password',
      identifier: TEST_USERS.commander,
      password: TEST_PASSWORD,
    });
    expect(stolen.status).toBe(403);
    expect(await sessionRows(s.ids.commander)).toBe(before);
    // The flow still works for its own browser afterwards.
    expect((await c.submit(flow, { method: 'password', identifier: TEST_USERS.commander, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('refuses a replayed flow with message 4010007', async () => {
    const { c, flow } = await signIn(TEST_USERS.responder);
    const before = await sessionRows(s.ids.responder);
    const replay = await c.submit<FlowJson>(flow, { method: 'password', identifier: TEST_USERS.responder, password: TEST_PASSWORD });
    expect(replay.status).toBe(400);
    expect(messageIds(replay.body)).toContain(4010007);
    expect(replay.body.ui.messages?.find((m) => m.id === 4010007)?.text).toBe(
      'The request was already completed successfully and can not be retried.',
    );
    expect(await sessionRows(s.ids.responder)).toBe(before);
  });

  it('answers an expired flow with 410 self_service_flow_expired and a fresh flow to continue with', async () => {
    const c = new FlowClient(s.url);
    const flow = (await c.createFlow('login', 'return_to=/agents')).body;
    await new FlowRepository(s.db).setExpiry(flow.id, new Date(Date.now() - 120_000));
    const res = await c.submit<{ error: { id: string; code: number; message: string }; use_flow_id: string }>(flow, {
      method: 'password',
      identifier: TEST_USERS.viewer,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({
      id: 'self_service_flow_expired',
      code: 410,
      message: 'Your interaction expired, please fill out the form again.',
    });
    expect(c.jar.get('ops_session')).toBeUndefined();
    const fresh = await c.json<FlowJson>(`/api/auth/self-service/login/flows?id=${res.body.use_flow_id}`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.return_to).toBe('/agents');
    expect(messageIds(fresh.body)).toContain(4010001);
    expect((await c.json(`/api/auth/self-service/login/flows?id=${flow.id}`)).status).toBe(410);
    expect((await c.submit(fresh.body, { method: 'password', identifier: TEST_USERS.viewer, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('only returns to our own origin', async () => {
    const c = new FlowClient(s.url);
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const r = await c.json<{ error: { id: string; message: string } }>(
        `/api/auth/self-service/login/browser?return_to=${encodeURIComponent(bad)}`,
      );
      expect(r.status, bad).toBe(400);
      expect(r.body.error).toMatchObject({ id: 'self_service_flow_return_to_forbidden', message: 'The return_to address is not allowed.' });
    }
    const own = await c.json<FlowJson>(`/api/auth/self-service/login/browser?return_to=${encodeURIComponent(`${s.url}/catalog?q=1`)}`);
    expect(own.body.return_to).toBe('/catalog?q=1');
  });

  it('answers session_already_available when signed in, and 404 for unknown flows', async () => {
    const { c } = await signIn(TEST_USERS.viewer);
    const again = await c.createFlow('login');
    expect(again.status).toBe(400);
    expect((again.body as unknown as { error: { id: string } }).error.id).toBe('session_already_available');
    const missing = await c.json<{ error: { id: string } }>('/api/auth/self-service/login/flows?id=00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    expect(
      (
        await c.json('/api/auth/self-service/login?flow=not-a-uuid', {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(404);
  });

  it('api flows need no CSRF and return a session token usable as Bearer and X-Session-Token', async () => {
    const flow = (await new FlowClient(s.url).json<FlowJson>('/api/auth/self-service/login/api')).body;
    expect(nodeValue(flow, 'csrf_token')).toBe('');
    const res = await fetch(`${s.url}${flow.ui.action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'password', identifier: TEST_USERS.viewer, password: TEST_PASSWORD }),
    });
    expect(res.headers.get('set-cookie') ?? '').not.toContain('ops_session');
    const body = loginSuccessSchema.parse(await res.json());
    const token = body.session_token!;
    expect(token).toMatch(/^ops_s_/);
    expect((await fetch(`${s.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${s.url}/api/auth/sessions/whoami`, { headers: { 'x-session-token': token } })).status).toBe(200);
    const out = await fetch(`${s.url}/api/auth/self-service/logout/api`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_token: token }),
    });
    expect(out.status).toBe(204);
    expect((await fetch(`${s.url}/api/auth/sessions/whoami`, { headers: { 'x-session-token': token } })).status).toBe(401);
  });

  it('logs out with the session-bound logout token only', async () => {
    const { c } = await signIn(TEST_USERS.viewer);
    const urls = await c.json<{ logout_url: string; logout_token: string }>('/api/auth/self-service/logout/browser');
    expect(urls.status).toBe(200);
    const forged = await c.json<{ error: { id: string } }>('/api/auth/self-service/logout?token=forged');
    expect(forged.status).toBe(403);
    expect((await c.json('/api/auth/sessions/whoami')).status).toBe(200);
    const out = await c.fetch(`${urls.body.logout_url}&return_to=${encodeURIComponent('/login?return_to=/health')}`);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/login?return_to=/health');
    const after = await c.json<{ error: { id: string } }>('/api/auth/sessions/whoami');
    expect(after.status).toBe(401);
    expect(after.body.error.id).toBe('session_inactive');
  });

  it('limits failed sign-ins per account: the 11th attempt is refused even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await signIn(TEST_USERS.norole, `wrong-${i}`);
      expect(r.res.status).toBe(400);
    }
    const locked = await signIn(TEST_USERS.norole);
    expect(locked.res.status).toBe(429);
    expect((locked.res.body as { error: { id: string } }).error.id).toBe('too_many_requests');
    // The same counter (per account and address) guards Basic credentials and the baseline login.
    const basic = await fetch(`${s.url}/api/auth/whoami`, {
      headers: { authorization: `Basic ${Buffer.from(`${TEST_USERS.norole}:${TEST_PASSWORD}`).toString('base64')}` },
    });
    expect(basic.status).toBe(429);
    expect(Number(basic.headers.get('retry-after'))).toBeGreaterThan(0);
    const baseline = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_USERS.norole, password: TEST_PASSWORD }),
    });
    expect(baseline.status).toBe(429);
    // Unknown accounts are limited the same way, so the answer says nothing about existence.
    for (let i = 0; i < 10; i++) await signIn('ghost@test.local', `wrong-${i}`);
    expect((await signIn('ghost@test.local', 'x')).res.status).toBe(429);
    // Other accounts are unaffected.
    expect((await signIn(TEST_USERS.viewer)).res.status).toBe(200);
  });
});

describe('per-IP limit', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ OPS_JOBS: 'false', OPS_AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('refuses the fourth sign-in submit in a minute from one address', async () => {
    const c = new FlowClient(t.url);
    const flow = (await c.createFlow('login')).body;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await c.submit(flow, { method: 'password', identifier: `user${i}@test.local`, password: 'x' })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
