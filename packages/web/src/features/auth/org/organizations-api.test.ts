import type { OrganizationCurrent, OrganizationToken } from '@ops/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { organizationToken } from './organizations-api';

const ORG = '11111111-1111-4111-8111-111111111111';
const TOKEN_ID = '22222222-2222-4222-8222-222222222222';
const now = Date.parse('2024-01-01T00:00:00Z');
const kept: OrganizationToken = {
  id: TOKEN_ID,
  organization_id: ORG,
  backend_url: 'https://eu.ops.example.com',
  token: 'ops_t_kept',
  expires_at: '2024-01-01T00:15:00Z',
};
const current = (ids: string[]): OrganizationCurrent => ({
  organization: { id: ORG, name: 'Acme', slug: 'acme', backend_url: kept.backend_url, role: 'member' },
  backend_url: kept.backend_url,
  tokens: ids.map((id) => ({ id, expires_at: kept.expires_at })),
});

afterEach(() => sessionStorage.clear());

describe('organisation token reuse', () => {
  it('reuses the token this tab keeps while the server lists it and it has more than a minute left', async () => {
    sessionStorage.setItem('ops.organization-token', JSON.stringify(kept));
    await expect(organizationToken(current([TOKEN_ID]), now)).resolves.toEqual(kept);
  });

  it('does not reuse a revoked, foreign or nearly expired token (it asks the server instead)', async () => {
    sessionStorage.setItem('ops.organization-token', JSON.stringify(kept));
    // jsdom has no server on its origin: asking for a new token fails, which shows it was asked.
    await expect(organizationToken(current([]), now)).rejects.toThrow();
    await expect(organizationToken({ ...current([TOKEN_ID]), backend_url: 'https://other.example.com' }, now)).rejects.toThrow();
    await expect(organizationToken(current([TOKEN_ID]), Date.parse('2024-01-01T00:14:30Z'))).rejects.toThrow();
  });
});
