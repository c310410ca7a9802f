import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ OPS_MODE: 'health', OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

describe('health-only mode (OPS_MODE=health)', () => {
  it('says so in /api/about and serves the health API', async () => {
    expect((await s.json('/api/about', { as: null })).body).toEqual({ Version: 'test', mode: 'health' });
    expect((await s.request('/api/canary/api/summary')).status).toBe(200);
    expect((await s.request('/api/db/checks?limit=1')).status).toBe(200);
    expect((await s.request('/api/db/check_statuses?limit=1')).status).toBe(200);
    expect((await s.request('/api/auth/whoami')).status).toBe(200);
  });

  it('answers 404 for everything else', async () => {
    for (const path of ['/api/db/teams', '/api/resources', '/api/db/saved_query?limit=1']) {
      const res = await s.json<{ message: string }>(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toContain('health-only mode');
    }
  });
});
