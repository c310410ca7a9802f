import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document, served without credentials, listing the typed endpoints', async () => {
    const r = await s.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('/api/openapi.json', { as: null });
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(r.body as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(r.body.paths['/api/about']?.get).toBeDefined();
    expect(r.body.paths['/api/auth/whoami']?.get).toBeDefined();
    expect(r.body.paths['/api/metrics']?.get).toBeDefined();
  });
});
