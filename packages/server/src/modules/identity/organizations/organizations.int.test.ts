import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationListSchema, organizationSessionSchema, type OrganizationSession } from '@ops/shared';
import { startTestServer, TEST_PASSWORD, TEST_USERS, type TestServer } from '../../../test/test-server.js';
import { FlowClient } from '../testing/flow-client.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false', OPS_AUTH_PROVIDER: 'hosted' });
});
afterAll(async () => {
  await s?.stop();
});

async function browser(email: string): Promise<FlowClient> {
  const c = new FlowClient(s.url);
  const flow = (await c.createFlow('login')).body;
  expect((await c.submit(flow, { method: 'password', identifier: email, password: TEST_PASSWORD })).status).toBe(200);
  return c;
}
const send = (c: FlowClient, path: string, body: unknown) =>
  c.json<OrganizationSession & { error: string }>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('organisation mode', () => {
  it('says so in the public config', async () => {
    expect((await s.json<{ provider: string }>('/api/auth/config', { as: null })).body.provider).toBe('hosted');
  });

  it('has no selection at first, then creates, selects and switches with a bearer token for the backend', async () => {
    const c = await browser(TEST_USERS.editor);
    const empty = organizationListSchema.parse((await c.json('/api/auth/organizations')).body);
    expect(empty.selected).toBeNull();
    expect((await c.json('/api/auth/organizations/current')).status).toBe(404);

    const created = await send(c, '/api/auth/organizations', { name: 'Acme Ops' });
    expect(created.status).toBe(201);
    const acme = organizationSessionSchema.parse(created.body);
    expect(acme.organization).toMatchObject({ name: 'Acme Ops', slug: 'acme-ops', role: 'owner' });
    expect(acme.backend_url).toBe(s.url);
    const who = await fetch(`${acme.backend_url}/api/auth/whoami`, { headers: { authorization: `Bearer ${acme.token}` } });
    expect(((await who.json()) as { roles: string[] }).roles).toEqual(['editor']);

    const other = organizationSessionSchema.parse(
      (await send(c, '/api/auth/organizations', { name: 'Acme Ops', backend_url: 'https://acme-2.example.com' })).body,
    );
    expect(other.organization.slug).toBe('acme-ops-2');
    expect(other.backend_url).toBe('https://acme-2.example.com');
    const list = organizationListSchema.parse((await c.json('/api/auth/organizations')).body);
    expect(list.organizations).toHaveLength(2);
    expect(list.selected).toBe(other.organization.id);

    const back = await send(c, '/api/auth/organizations/select', { organization_id: acme.organization.id });
    expect(back.status).toBe(200);
    expect((await c.json<OrganizationSession>('/api/auth/organizations/current')).body.organization.id).toBe(acme.organization.id);
    const session = await c.json<{ organization: { id: string } }>('/api/auth/sessions/whoami');
    expect(session.body.organization.id).toBe(acme.organization.id);
    // Organisation tokens are not personal tokens.
    expect((await c.json<unknown[]>('/api/auth/tokens')).body).toEqual([]);
  });

  it('only lets members select and owners add members', async () => {
    const owner = await browser(TEST_USERS.admin);
    const org = (await send(owner, '/api/auth/organizations', { name: 'Private' })).body.organization;
    const outsider = await browser(TEST_USERS.viewer);
    const denied = await send(outsider, '/api/auth/organizations/select', { organization_id: org.id });
    expect(denied.status).toBe(404);
    expect((await send(outsider, `/api/auth/organizations/${org.id}/members`, { email: TEST_USERS.viewer })).status).toBe(404);
    expect((await send(owner, `/api/auth/organizations/${org.id}/members`, { email: 'nobody@test.local' })).status).toBe(404);
    expect(
      (
        await owner.json(`/api/auth/organizations/${org.id}/members`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: TEST_USERS.viewer }),
        })
      ).status,
    ).toBe(204);
    expect((await send(outsider, '/api/auth/organizations/select', { organization_id: org.id })).status).toBe(200);
    expect((await send(outsider, `/api/auth/organizations/${org.id}/members`, { email: TEST_USERS.editor })).status).toBe(403);
    expect((await send(outsider, '/api/auth/organizations/select', { organization_id: 'nope' })).status).toBe(400);
  });

  it('needs a browser session to select', async () => {
    const r = await s.json<{ error: string }>('/api/auth/organizations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Basic' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Sign in with a browser session to choose an organization');
  });
});
