import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

describe('data API over the base relations', () => {
  it('pages people with an exact count and a Content-Range (the issue acceptance check)', async () => {
    const r = await s.json<{ id: string; name: string }[]>('/api/db/people?select=id,name&order=name.asc&limit=2', {
      headers: { prefer: 'count=exact' },
    });
    const total = (await s.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM people')).rows[0]!.n;
    expect(total).toBeGreaterThan(2);
    expect(r.status).toBe(206);
    expect(r.body).toHaveLength(2);
    expect(Object.keys(r.body[0]!)).toEqual(['id', 'name']);
    expect(r.headers.get('content-range')).toBe(`0-1/${total}`);
    const names = r.body.map((p) => p.name);
    expect(names).toEqual([...names].sort());
  });

  it('answers an unknown column with 400 and PostgREST error JSON', async () => {
    const r = await s.json<Record<string, unknown>>('/api/db/people?select=id,nope');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: '42703', message: 'column people.nope does not exist', details: null, hint: null });
  });

  it('answers 401 without credentials', async () => {
    const r = await s.json<{ error: string }>('/api/db/people', { as: null });
    expect(r.status).toBe(401);
    // PostgREST's error shape, as the README promises.
    expect(r.body).toEqual({ code: 'PGRST302', message: 'Anonymous access is disabled', details: null, hint: null });
  });

  it('refuses a viewer POST to properties with 403 in PostgREST shape', async () => {
    const r = await s.json<Record<string, unknown>>('/api/db/properties', { ...json({ name: 'x.enabled', value: 'true' }), as: 'viewer' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: '42501', message: 'permission denied for properties' });
    const n = await s.db.pool.query("SELECT 1 FROM properties WHERE name = 'x.enabled'");
    expect(n.rowCount).toBe(0);
  });

  it('hides unregistered relations even though they exist in SQL', async () => {
    for (const name of ['sessions', 'identity_credentials', 'access_tokens', 'schema_migrations', 'event_queue', 'job_names']) {
      const r = await s.json<{ code: string; message: string }>(`/api/db/${name}`);
      expect(r.status, name).toBe(404);
      expect(r.body.code).toBe('PGRST205');
      expect(r.body.message).toBe(`Could not find the table 'public.${name}' in the schema cache`);
    }
  });

  it('lets an admin manage feature flags: server-owned columns, validation, local flags guarded', async () => {
    const created = await s.json<{ name: string; source: string; created_by: string }[]>('/api/db/properties', {
      ...json({ name: 'incidents.disable', value: 'true', source: 'local', created_by: s.ids.viewer }, { prefer: 'return=representation' }),
    });
    expect(created.status).toBe(201);
    expect(created.body[0]).toMatchObject({ name: 'incidents.disable', source: 'db', created_by: s.ids.admin });
    const bad = await s.json<{ message: string }>('/api/db/properties', json({ name: 'bad name!', value: 'x' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'name'");
    await s.db.pool.query("INSERT INTO properties (name, value, source) VALUES ('local.flag', 'true', 'local')");
    const patch = await s.json<{ code: string; message: string }>('/api/db/properties?name=eq.local.flag', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'false' }),
    });
    expect(patch.status).toBe(403);
    expect(patch.body.message).toBe('Cannot edit local feature flags');
    const del = await s.json<{ message: string }>('/api/db/properties?name=eq.local.flag', { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect((await s.db.pool.query("SELECT value FROM properties WHERE name = 'local.flag'")).rows[0]).toEqual({ value: 'true' });
  });

  it('embeds the flag author by column name and soft-deletes teams', async () => {
    const r = await s.json<{ created_by: { id: string; name: string } }[]>(
      '/api/db/properties?select=name,created_by(id,name)&name=eq.incidents.disable',
    );
    expect(r.status).toBe(200);
    expect(r.body[0]!.created_by.id).toBe(s.ids.admin);
    const t = await s.json<{ id: string }[]>('/api/db/teams', json({ name: 'sre' }, { prefer: 'return=representation' }));
    const del = await s.request(`/api/db/teams?id=eq.${t.body[0]!.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    const row = await s.db.pool.query('SELECT deleted_at FROM teams WHERE id = $1', [t.body[0]!.id]);
    expect(row.rows[0].deleted_at).toBeInstanceOf(Date);
  });
});

describe('embedding by foreign-key column name', () => {
  it('replaces the column with the embedded object instead of repeating the key', async () => {
    await s.request('/api/db/properties', json({ name: 'embed.check', value: 'x' }));
    const res = await s.request('/api/db/properties?select=*,created_by(id,name)&name=eq.embed.check');
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text.match(/"created_by"/g)).toHaveLength(1);
    const [row] = JSON.parse(text) as { created_by: { id: string; name: string } }[];
    expect(row!.created_by.id).toBe(s.ids.admin);
  });
});

describe('data API beyond the basics of PostgREST', () => {
  it('refuses a PATCH or DELETE with a parameter that is not a filter, naming it; nothing is changed', async () => {
    for (const name of ['stray.one', 'stray.two'])
      expect((await s.request('/api/db/properties', json({ name, value: 'keep' }))).status).toBe(201);
    const del = await s.json<{ code: string; message: string; hint: string }>('/api/db/properties?name=like.stray.*&value=eqq.keep', {
      method: 'DELETE',
    });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe("'value=eqq.keep' is not a filter: DELETE refuses query parameters it cannot read");
    expect(del.body.hint).toContain('value=eq.keep');
    const patch = await s.json<{ message: string }>('/api/db/properties?name=like.stray.*&value=eqq.keep', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'changed' }),
    });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toContain("'value=eqq.keep' is not a filter: UPDATE");
    const rows = await s.db.pool.query<{ value: string }>("SELECT value FROM properties WHERE name LIKE 'stray.%'");
    expect(rows.rows.map((r) => r.value)).toEqual(['keep', 'keep']);
    // Reads keep PostgREST's behaviour: an unknown parameter is ignored.
    expect((await s.request('/api/db/properties?name=like.stray.*&value=eqq.keep')).status).toBe(200);
  });

  it('leaves out null values when asked with nulls=stripped, as postgrest-js stripNulls() asks', async () => {
    const plain = await s.json<Record<string, unknown>[]>('/api/db/people?select=id,name,avatar&limit=1&order=name.asc');
    expect(plain.body[0]).toHaveProperty('avatar', null);
    const stripped = await s.request('/api/db/people?select=id,name,avatar&limit=1&order=name.asc', {
      headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(stripped.headers.get('content-type')).toBe('application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8');
    const [row] = (await stripped.json()) as Record<string, unknown>[];
    expect(Object.keys(row!)).toEqual(['id', 'name']);
  });

  it('answers OPTIONS on a relation with the methods it takes', async () => {
    const flags = await s.request('/api/db/properties', { method: 'OPTIONS' });
    expect(flags.status).toBe(200);
    expect(flags.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE');
    const view = await s.request('/api/db/checks_by_component', { method: 'OPTIONS' });
    expect(view.headers.get('allow')).toBe('OPTIONS,GET,HEAD');
  });
});
