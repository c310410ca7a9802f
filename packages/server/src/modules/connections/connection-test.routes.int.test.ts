// POST /api/connection/test/:id through HTTP on a real server: connections created with the API,
// tested against the harness's PostgreSQL; the answers of each outcome and who may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const WRONG = 'wrong-secret-Zq81';
let server: TestServer;
let db: { url: string; drop(): Promise<void> };

beforeAll(async () => {
  server = await startTestServer();
  db = await createTestDatabase({ empty: true });
});
afterAll(async () => {
  await server.stop();
  await db.drop();
});

async function create(body: Record<string, unknown>): Promise<string> {
  const res = await server.json<{ id: string }>('/api/connections', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const test = (id: string, as: 'admin' | 'editor' | 'viewer' | null = 'admin') =>
  server.json<{ message?: string; error?: string }>(`/api/connection/test/${id}`, { method: 'POST', as });

describe('POST /api/connection/test/:id', () => {
  it('answers ok for a PostgreSQL connection whose secrets the store decrypted', async () => {
    const u = new URL(db.url);
    const id = await create({
      name: 'pg-ok',
      type: 'postgres',
      url: `postgres://${u.host}${u.pathname}`,
      username: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
    });
    expect(await test(id)).toMatchObject({ status: 200, body: { message: 'ok' } });
  });

  it('answers 400 with the cause, never the password', async () => {
    const u = new URL(db.url);
    const id = await create({
      name: 'pg-wrong',
      type: 'postgres',
      url: `postgres://${u.host}${u.pathname}`,
      username: 'nobody_here',
      password: WRONG,
    });
    const res = await test(id);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /^postgres: (password authentication failed for user "nobody_here"|role "nobody_here" does not exist)/,
    );
    expect(res.body.error).toBe(`Connection test failed: ${res.body.message}`);
    expect(JSON.stringify(res.body)).not.toContain(WRONG);
  });

  it('answers 400 naming a credential reference that cannot be resolved', async () => {
    const id = await create({
      name: 'pg-ref',
      type: 'postgres',
      url: 'postgres://127.0.0.1:1/x',
      username: 'u',
      password: { valueFrom: { env: 'OPS_CONNECTION_TEST_UNSET_VAR' } },
    });
    const res = await test(id);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/OPS_CONNECTION_TEST_UNSET_VAR/);
  });

  it('answers 501 for a type without a test, 404 for an unknown id and 400 naming a malformed id', async () => {
    const id = await create({ name: 'share', type: 'smb', username: 'u', password: WRONG, properties: { host: '127.0.0.1', port: '445' } });
    expect(await test(id)).toMatchObject({
      status: 501,
      body: { error: 'not implemented', message: 'We currently do not support testing this connection type' },
    });
    expect(await test('4f1d2c3b-0000-4000-8000-000000000000')).toMatchObject({ status: 404 });
    const bad = await test('not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/id/);
  });

  it('is for admins only: editor and viewer 403, anonymous 401', async () => {
    const id = '4f1d2c3b-0000-4000-8000-000000000000';
    expect((await test(id, 'editor')).status).toBe(403);
    expect((await test(id, 'viewer')).status).toBe(403);
    expect((await test(id, null)).status).toBe(401);
    expect((await test('not-a-uuid', 'editor')).status).toBe(403);
  });
});
