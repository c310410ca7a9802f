// Through real HTTP: security headers on every answer, caching of HTML and hashed
// assets, the CSP hash of the inline theme script, Secure cookies and X-Forwarded-* only from trusted proxies.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startServer, type RunningServer } from '../server.js';
import { createTestDatabase } from '../test/test-db.js';
import { TEST_PASSWORD } from '../test/test-server.js';

const THEME = "\n      try { if (localStorage.getItem('ops.theme') === 'dark') document.documentElement.classList.add('dark'); } catch (e) {}\n    ";
const INDEX = `<!doctype html><html><head><script>${THEME}</script><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;

interface Started {
  server: RunningServer;
  stop(): Promise<void>;
}

async function start(env: Record<string, string>, serveWeb: boolean): Promise<Started> {
  const db = await createTestDatabase();
  const config = loadConfig(
    { DATABASE_URL: db.url, PORT: '0', OPS_ADMIN_EMAIL: 'admin@test.local', OPS_ADMIN_PASSWORD: TEST_PASSWORD, OPS_LOG_LEVEL: 'warn', OPS_DATA_DIR: '.test-data/server', OPS_JOBS: 'false', ...env },
    'test',
  );
  const server = await startServer(config, { serveWeb, print: () => undefined });
  return { server, stop: async () => (await server.stop(), await db.drop()) };
}

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
const cookieNamed = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

let dist: string;
let web: Started;
let https: Started;
let proxied: Started;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ops-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);\n');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  [web, https, proxied] = await Promise.all([
    start({ OPS_WEB_DIST: dist, OPS_AUTH_RATE_LIMIT: '3' }, true),
    start({ OPS_PUBLIC_URL: 'https://ops.example.test' }, false),
    start({ OPS_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8', OPS_AUTH_RATE_LIMIT: '3' }, false),
  ]);
});
afterAll(async () => {
  await Promise.all([web?.stop(), https?.stop(), proxied?.stop()]);
  rmSync(dist, { recursive: true, force: true });
});

describe('security headers and caching', () => {
  const expectSecurityHeaders = (res: Response) => {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  };

  it('puts them on HTML (no-cache), hashed assets (immutable) and API answers, errors included', async () => {
    for (const p of ['/', '/health/some/client/route', '/index.html']) {
      const res = await fetch(web.server.url + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expectSecurityHeaders(res);
    }
    const asset = await fetch(`${web.server.url}/assets/index-Ab12Cd34.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    // A file outside /assets has no hash in its name, so it is revalidated too.
    expect((await fetch(`${web.server.url}/robots.txt`)).headers.get('cache-control')).toBe('no-cache');
    for (const p of ['/api/about', '/api/auth/whoami', '/api/no-such-route']) {
      const res = await fetch(web.server.url + p);
      expect([200, 401, 404], p).toContain(res.status);
      expectSecurityHeaders(res);
    }
  });

  it('allows the inline theme script by the sha256 of the index.html it serves, and nothing else inline', async () => {
    const res = await fetch(web.server.url + '/');
    const html = await res.text();
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toBe(THEME);
    const hash = createHash('sha256').update(inline).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });
});

describe('cookies behind TLS', () => {
  it('marks the session and CSRF cookies Secure when OPS_PUBLIC_URL is https', async () => {
    const login = await fetch(`${https.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@test.local', password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(cookieNamed(login, 'ops_session')).toMatch(/;\s*Secure/i);
    const flow = await fetch(`${https.server.url}/api/auth/self-service/login/browser`, { headers: { accept: 'application/json' } });
    expect(cookieNamed(flow, 'ops_csrf')).toMatch(/;\s*Secure/i);
    const out = await fetch(`${https.server.url}/api/auth/logout`, { method: 'POST', headers: { cookie: cookieNamed(login, 'ops_session')!.split(';')[0]! } });
    expect(cookieNamed(out, 'ops_session')).toMatch(/;\s*Secure/i);
  });

  it('does not over plain http, and believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const body = JSON.stringify({ email: 'admin@test.local', password: TEST_PASSWORD });
    const headers = { 'content-type': 'application/json', 'x-forwarded-proto': 'https' };
    const plain = await fetch(`${web.server.url}/api/auth/login`, { method: 'POST', headers, body });
    expect(plain.status).toBe(200);
    expect(cookieNamed(plain, 'ops_session')).not.toMatch(/Secure/i);
    const viaProxy = await fetch(`${proxied.server.url}/api/auth/login`, { method: 'POST', headers, body });
    expect(viaProxy.status).toBe(200);
    expect(cookieNamed(viaProxy, 'ops_session')).toMatch(/;\s*Secure/i);
  });
});

describe('X-Forwarded-For', () => {
  const wrongBasic = (s: Started, forwardedFor: string) =>
    fetch(`${s.server.url}/api/auth/whoami`, { headers: { authorization: basic('nobody@test.local', 'wrong'), 'x-forwarded-for': forwardedFor } });

  it('is ignored from an untrusted peer: a client cannot dodge the per-address limit by inventing addresses', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await wrongBasic(web, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('is honoured from a trusted proxy: each forwarded client has its own budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await wrongBasic(proxied, '198.51.100.7')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await wrongBasic(proxied, '198.51.100.8')).status).toBe(401);
  });
});
