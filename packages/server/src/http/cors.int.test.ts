// CORS on the data API: only the origins of OPS_CORS_ORIGINS, preflights answered before authentication.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

const APP = 'https://app.example.com';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false', OPS_CORS_ORIGINS: `${APP}, https://other.example.com` });
});
afterAll(async () => {
  await s?.stop();
});

describe('CORS on /api/db', () => {
  it('answers a preflight from a listed origin without credentials', async () => {
    const r = await s.request('/api/db/people', {
      method: 'OPTIONS',
      as: null,
      headers: { origin: APP, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, prefer' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe(APP);
    expect(r.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(r.headers.get('access-control-allow-headers')).toBe('authorization, prefer');
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('lets a listed origin read the answer and its Content-Range; others get no CORS headers', async () => {
    const ok = await s.request('/api/db/people?select=id&limit=1', { headers: { origin: APP, prefer: 'count=exact' } });
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP);
    expect(ok.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const other = await s.request('/api/db/people?select=id&limit=1', { headers: { origin: 'https://evil.example.net' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await s.request('/api/db/people', {
      method: 'OPTIONS',
      as: null,
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBe(401);
  });

  it('keeps other API paths out of it', async () => {
    const api = await s.request('/api/auth/whoami', { headers: { origin: APP } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });
});
