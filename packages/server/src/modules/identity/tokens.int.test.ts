import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenRowSchema, createTokenResponseSchema, type AccessTokenRow } from '@ops/shared';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { expiryOf } from './tokens.routes.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

const create = (body: unknown, headers: Record<string, string> = {}) =>
  s.json<{ token: string; id: string; expires_at: string | null; error: string }>('/api/auth/tokens', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    as: headers.authorization ? null : 'editor',
  });

describe('personal access tokens', () => {
  it('shows the value once, stores only its hash, and works as Bearer for the API', async () => {
    const r = await create({ name: 'laptop cli', expiry: '30d' });
    expect(r.status).toBe(201);
    const created = createTokenResponseSchema.parse(r.body);
    expect(created.token).toMatch(/^ops_t_/);
    expect(new Date(created.expires_at!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const row = await s.db.pool.query(`select value_hash from access_tokens where id = $1`, [created.id]);
    expect(row.rows[0].value_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.rows[0].value_hash).not.toContain(created.token);
    const list = await s.json<AccessTokenRow[]>('/api/auth/tokens', { as: 'editor' });
    const listed = list.body.find((t) => t.id === created.id)!;
    expect(accessTokenRowSchema.strict().parse(listed)).toBeTruthy();
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    const api = await fetch(`${s.url}/api/db/people?select=id&limit=1`, { headers: { authorization: `Bearer ${created.token}` } });
    expect(api.status).toBe(200);
    const used = await s.json<AccessTokenRow[]>('/api/auth/tokens', { as: 'editor' });
    expect(used.body.find((t) => t.id === created.id)?.last_used_at).not.toBeNull();
  });

  it("lists and revokes only the caller's own tokens; a revoked token stops working at once", async () => {
    const mine = (await create({ name: 'to revoke' })).body;
    const others = await s.json<AccessTokenRow[]>('/api/auth/tokens', { as: 'viewer' });
    expect(others.body.some((t) => t.id === mine.id)).toBe(false);
    expect((await s.request(`/api/auth/tokens/${mine.id}`, { method: 'DELETE', as: 'viewer' })).status).toBe(404);
    expect((await fetch(`${s.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${mine.token}` } })).status).toBe(200);
    expect((await s.request(`/api/auth/tokens/${mine.id}`, { method: 'DELETE', as: 'editor' })).status).toBe(204);
    expect((await fetch(`${s.url}/api/auth/whoami`, { headers: { authorization: `Bearer ${mine.token}` } })).status).toBe(401);
  });

  it('refuses bad input with a message naming the field, and a token minting tokens', async () => {
    const noName = await create({ name: ' ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toContain('name is required');
    const badExpiry = await create({ name: 'x', expiry: '5x' });
    expect(badExpiry.status).toBe(400);
    expect(badExpiry.body.error).toContain("expiry must be 'never'");
    const t = (await create({ name: 'parent' })).body.token;
    const child = await create({ name: 'child' }, { authorization: `Bearer ${t}` });
    expect(child.status).toBe(403);
    expect((await s.json('/api/auth/tokens', { as: null })).status).toBe(401);
  });

  it('turns expiry strings into dates', () => {
    expect(expiryOf(undefined)).toBeNull();
    expect(expiryOf('never')).toBeNull();
    expect(expiryOf('2h', 0)?.getTime()).toBe(7_200_000);
    expect(expiryOf('1w', 0)?.getTime()).toBe(604_800_000);
  });
});
