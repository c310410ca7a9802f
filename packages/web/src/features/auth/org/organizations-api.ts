import { IDENTITY_PATHS, type CreateOrganizationRequest, type OrganizationList, type OrganizationSession } from '@ops/shared';
import { api } from '../../../lib/api-client';

// Organisation calls go to the identity server (this origin), never to an organisation's backend.
const LOCAL = { local: true } as const;

export const ORG_KEYS = { current: ['auth', 'organizations', 'current'] as const, list: ['auth', 'organizations', 'list'] as const };

/** GET /api/auth/organizations/current: the selected organisation's backend and token (404 when none). */
export function currentOrganization(signal?: AbortSignal): Promise<OrganizationSession> {
  return api.get<OrganizationSession>(IDENTITY_PATHS.currentOrganization, { ...LOCAL, signal });
}

/** GET /api/auth/organizations: the caller's organisations and the selected one. */
export function listOrganizations(signal?: AbortSignal): Promise<OrganizationList> {
  return api.get<OrganizationList>(IDENTITY_PATHS.organizations, { ...LOCAL, signal });
}

/** POST /api/auth/organizations/select. */
export function selectOrganization(id: string): Promise<OrganizationSession> {
  return api.post<OrganizationSession>(IDENTITY_PATHS.selectOrganization, { organization_id: id }, LOCAL);
}

/** POST /api/auth/organizations: create one (the creator owns it and it is selected). */
export function createOrganization(body: CreateOrganizationRequest): Promise<OrganizationSession> {
  return api.post<OrganizationSession>(IDENTITY_PATHS.organizations, body, LOCAL);
}

/** Re-ask for the token a minute before it expires (at least every 10 s, at most hourly). */
export function refreshDelay(expiresAt: string, now: number = Date.now()): number {
  const ms = new Date(expiresAt).getTime() - now - 60_000;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 10_000), 3_600_000) : 60_000;
}
