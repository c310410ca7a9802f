// Through real HTTP: failed credentials lock an account only for the address that
// failed, every credential path is throttled per address (429 + Retry-After), a logout reaches a second
// server on the same database at once, and logout refuses cross-site requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startServer, type RunningServer } from '../../server.js';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../test/test-server.js';

// A trusted proxy (the test client on 127.0.0.1) forwards for simulated client addresses.
const ENV = { OPS_JOBS: 'false', OPS_TRUSTED_PROXIES: '127.0.0.1', OPS_AUTH_RATE_LIMIT: '20' };

let s: TestServer;
let second: RunningServer;
beforeAll(async () => {
  s = await startTestServer(ENV);
  const config = loadConfig(
    { ...ENV, DATABASE_URL: s.db.pool.options.connectionString!, PORT: '0', OPS_LOG_LEVEL: 'warn', OPS_DATA_DIR: '.test-data/server' },
    'test',
  );
  second = await startServer(config, { serveWeb: false, print: () => undefined });
});
afterAll(async () => {
  await second?.stop();
  await s?.stop();
});

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
const whoami = (base: string, headers: Record<string, string>) => fetch(`${base}/api/auth/whoami`, { headers });
const from = (address: string, authorization: string) => ({ 'x-forwarded-for': address, authorization });

describe('lockout does not spread to other addresses', () => {
  it('11 wrong Basic tries lock the account for that address only', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await whoami(s.url, from('10.1.0.1', basic(TEST_USERS.editor, `wrong-${i}`)))).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const locked = await whoami(s.url, from('10.1.0.1', basic(TEST_USERS.editor, TEST_PASSWORD)));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address that was not failing signs in as the same account, by Basic, the baseline login and the flow.
    expect((await whoami(s.url, from('10.1.0.2', basic(TEST_USERS.editor, TEST_PASSWORD)))).status).toBe(200);
    const login = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.0.3' },
      body: JSON.stringify({ email: TEST_USERS.editor, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
  });

  it('throttles each address per minute on Basic and bearer credentials, answering 429 with Retry-After', async () => {
    const statuses: number[] = [];
    // Different accounts: the per-address budget (OPS_AUTH_RATE_LIMIT=20) runs out, not an account's.
    for (let i = 0; i < 20; i++) statuses.push((await whoami(s.url, from('10.2.0.1', basic(`guess${i}@test.local`, 'x')))).status);
    expect(statuses).toEqual(Array(20).fill(401));
    const basicRes = await whoami(s.url, from('10.2.0.1', basic('guess99@test.local', 'x')));
    expect(basicRes.status).toBe(429);
    const wait = Number(basicRes.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await whoami(s.url, from('10.2.0.1', 'Bearer ops_t_not-a-token'))).status).toBe(429);
    expect((await whoami(s.url, from('10.2.0.2', 'Bearer ops_t_not-a-token'))).status).toBe(401);
    expect((await whoami(s.url, from('10.2.0.2', basic(TEST_USERS.viewer, TEST_PASSWORD)))).status).toBe(200);
  });

  it('counts failed bearer tokens against the address as well', async () => {
    for (let i = 0; i < 20; i++) expect((await whoami(s.url, from('10.3.0.1', `Bearer ops_t_guess-${i}`))).status).toBe(401);
    expect((await whoami(s.url, from('10.3.0.1', 'Bearer ops_t_guess-x'))).status).toBe(429);
  });
});

describe('logout', () => {
  async function signIn(): Promise<string> {
    const res = await fetch(`${s.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_USERS.viewer, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  it('reaches a second server on the same database at once', async () => {
    const cookie = await signIn();
    // The second server has the session in its cache.
    expect((await whoami(second.url, { cookie })).status).toBe(200);
    expect((await whoami(second.url, { cookie })).status).toBe(200);
    const out = await fetch(`${s.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    // The notification reaches the second server's listener asynchronously: allow it 2 s, far below the
    // 10 s the cache would otherwise keep the session.
    const started = Date.now();
    let status = (await whoami(second.url, { cookie })).status;
    while (status !== 401 && Date.now() - started < 2_000) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await whoami(second.url, { cookie })).status;
    }
    expect(status).toBe(401);
  });

  it('refuses a cross-site logout and keeps the session', async () => {
    const cookie = await signIn();
    const out = await fetch(`${s.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } });
    expect(out.status).toBe(403);
    const fetchSite = await fetch(`${s.url}/api/auth/logout`, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.status).toBe(403);
    expect((await whoami(s.url, { cookie })).status).toBe(200);
    const sameSite = await fetch(`${s.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: s.url } });
    expect(sameSite.status).toBe(200);
    expect((await whoami(s.url, { cookie })).status).toBe(401);
  });
});
