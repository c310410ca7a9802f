// The generated RBAC matrix (role × resource, @ops/shared rbac.ts): every registered /api/db relation × every role × read and
// write, through HTTP, against `roleAllows` from @ops/shared. Allowed calls may fail for other reasons
// (a 4xx for the empty body, 405 for a read-only relation) but never with 403; denied calls get 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleAllows, type RbacAction, type RbacResource, type Role } from '@ops/shared';
import { startTestServer, type TestServer, type TestUser } from '../../test/test-server.js';
import { RELATIONS } from '../relations.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
});

// 'norole' is treated as viewer.
const CALLERS: { user: TestUser; role: Role }[] = [
  ...ROLES.map((role) => ({ user: role as TestUser, role })),
  { user: 'norole', role: 'viewer' },
];

describe('RBAC matrix over /api/db', () => {
  it('covers every registered relation', () => {
    expect(RELATIONS.length).toBeGreaterThan(10);
    expect(new Set(RELATIONS.map((r) => r.name)).size).toBe(RELATIONS.length);
  });

  for (const rel of RELATIONS) {
    it(`${rel.name}: read ${rel.read}, write ${rel.write ?? rel.read}`, async () => {
      const problems: string[] = [];
      for (const { user, role } of CALLERS) {
        const read = await s.request(`/api/db/${rel.name}?limit=1`, { as: user });
        await read.arrayBuffer();
        const canRead = roleAllows(role, rel.read, 'read');
        if (canRead ? read.status !== 200 : read.status !== 403)
          problems.push(`${user} GET → ${read.status} (read ${canRead ? 'allowed' : 'denied'})`);

        const write = await s.request(`/api/db/${rel.name}`, {
          as: user,
          method: 'POST',
          headers: { 'content-type': 'application/json', prefer: 'return=minimal' },
          body: '{}',
        });
        const body = await write.text();
        const canWrite = roleAllows(role, rel.write ?? rel.read, 'write');
        const ok = canWrite ? write.status !== 403 && write.status < 500 : write.status === 403;
        if (!ok) problems.push(`${user} POST → ${write.status} (write ${canWrite ? 'allowed' : 'denied'}) ${body.slice(0, 120)}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it("refuses a viewer's PATCH and DELETE on every writable relation with 403", async () => {
    const problems: string[] = [];
    for (const rel of RELATIONS.filter((r) => r.operations?.length)) {
      for (const method of ['PATCH', 'DELETE']) {
        const r = await s.request(`/api/db/${rel.name}?id=eq.8f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`, {
          as: 'viewer',
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'PATCH' ? '{}' : undefined,
        });
        await r.arrayBuffer();
        if (r.status !== 403) problems.push(`${method} ${rel.name} → ${r.status}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

// Typed endpoints guarding a resource of the matrix themselves (not through /api/db): the same rule, per role.
const UNKNOWN_ID = '8f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const TYPED_ENDPOINTS: { method: string; path: string; resource: RbacResource; action: RbacAction; body?: unknown }[] = [
  { method: 'GET', path: '/api/connections', resource: 'connections', action: 'read' },
  { method: 'GET', path: `/api/connections/${UNKNOWN_ID}`, resource: 'connections', action: 'read' },
  { method: 'POST', path: '/api/connections', resource: 'connections', action: 'write', body: { name: 'matrix', type: 'http' } },
  { method: 'PATCH', path: `/api/connections/${UNKNOWN_ID}`, resource: 'connections', action: 'write', body: { url: 'http://x' } },
  { method: 'DELETE', path: `/api/connections/${UNKNOWN_ID}`, resource: 'connections', action: 'write' },
  { method: 'POST', path: `/api/connection/test/${UNKNOWN_ID}`, resource: 'connections', action: 'write' },
  { method: 'GET', path: '/api/canary/api/topology', resource: 'topologies', action: 'read' },
  { method: 'GET', path: `/api/snapshot/topology/${UNKNOWN_ID}`, resource: 'topologies', action: 'read' },
];

describe('RBAC matrix over typed endpoints', () => {
  for (const e of TYPED_ENDPOINTS) {
    it(`${e.method} ${e.path}: ${e.action} ${e.resource}`, async () => {
      const problems: string[] = [];
      for (const { user, role } of CALLERS) {
        const res = await s.request(e.path, {
          as: user,
          method: e.method,
          ...(e.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(e.body) }),
        });
        const text = await res.text();
        const allowed = roleAllows(role, e.resource, e.action);
        const ok = allowed ? res.status !== 403 && res.status < 500 : res.status === 403;
        if (!ok) problems.push(`${user} → ${res.status} (${allowed ? 'allowed' : 'denied'}) ${text.slice(0, 120)}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
