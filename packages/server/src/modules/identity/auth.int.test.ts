import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../test/test-server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('auth baseline', () => {
  it('serves /api/about without credentials', async () => {
    const r = await s.json<{ Version: string }>('/api/about', { as: null });
    expect(r.status).toBe(200);
    expect(r.body.Version).toBe('test');
  });

  it('answers 401 JSON without credentials and with a wrong password', async () => {
    const anon = await s.json<{ error: string }>('/api/auth/whoami', { as: null });
    expect(anon.status).toBe(401);
    expect(anon.body.error).toBe('Unauthorized');
    const wrong = await fetch(`${s.url}/api/auth/whoami`, {
      headers: { authorization: `Basic ${Buffer.from(`${TEST_USERS.admin}:nope`).toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
  });

  it('signs in with a session cookie that is HttpOnly and SameSite=Lax, and signs out', async () => {
    const login = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_USERS.viewer, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const sid = cookie.split(';')[0]!;
    const who = await fetch(`${s.url}/api/auth/whoami`, { headers: { cookie: sid } });
    const body = (await who.json()) as { roles: string[]; permissions: Record<string, { write: boolean }> };
    expect(body.roles).toEqual(['viewer']);
    expect(body.permissions.canaries?.write).toBe(false);
    // A cross-site write with the cookie is refused, logout included.
    const csrf = await fetch(`${s.url}/api/auth/logout`, { method: 'POST', headers: { cookie: sid, 'sec-fetch-site': 'cross-site' } });
    expect(csrf.status).toBe(403);
    const logout = await fetch(`${s.url}/api/auth/logout`, { method: 'POST', headers: { cookie: sid, 'sec-fetch-site': 'same-origin' } });
    expect(logout.status).toBe(200);
    const out = await fetch(`${s.url}/api/auth/whoami`, { headers: { cookie: sid } });
    expect(out.status).toBe(401);
  });

  it('rejects a bad login body with 400 naming the field', async () => {
    const r = await s.json<{ error: string }>('/api/auth/login', {
      as: null,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('password');
  });

  it('treats a user with no roles as a viewer', async () => {
    const r = await s.json<{ roles: string[] }>('/api/auth/whoami', { as: 'norole' });
    expect(r.body.roles).toEqual(['viewer']);
  });

  it('accepts a bearer access token', async () => {
    const { token } = await s.ctx.identity.createAccessToken({ name: 't', personId: s.ids.editor });
    const r = await fetch(`${s.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { roles: string[] }).roles).toEqual(['editor']);
  });
});
