import {
  IDENTITY_PATHS,
  type AppWhoAmI,
  type CreateOrganizationRequest,
  type Organization,
  type OrganizationCurrent,
  type OrganizationInvitation,
  type OrganizationList,
  type OrganizationToken,
} from '@ops/shared';
import { api } from '../../../lib/api-client';

// Organisation calls go to the identity server (this origin), never to an organisation's backend.
const LOCAL = { local: true } as const;

export const ORG_KEYS = {
  current: ['auth', 'organizations', 'current'] as const,
  list: ['auth', 'organizations', 'list'] as const,
  invitations: ['auth', 'organizations', 'invitations'] as const,
  token: ['auth', 'organizations', 'token'] as const,
  me: ['auth', 'organizations', 'me'] as const,
};

/** GET /api/auth/organizations/current: the selected organisation, its backend and live token ids (404 when none). */
export function currentOrganization(signal?: AbortSignal): Promise<OrganizationCurrent> {
  return api.get<OrganizationCurrent>(IDENTITY_PATHS.currentOrganization, { ...LOCAL, signal });
}

/** GET /api/auth/organizations: the organisations the caller accepted, and the selected one. */
export function listOrganizations(signal?: AbortSignal): Promise<OrganizationList> {
  return api.get<OrganizationList>(IDENTITY_PATHS.organizations, { ...LOCAL, signal });
}

/** GET /api/auth/organizations/invitations: memberships waiting for the caller's Accept or Decline. */
export function listInvitations(signal?: AbortSignal): Promise<OrganizationInvitation[]> {
  return api.get<OrganizationInvitation[]>(IDENTITY_PATHS.organizationInvitations, { ...LOCAL, signal });
}

/** Who the caller is on the identity server (the picker shows Create only to admins; the server enforces it). */
export function identityWhoAmI(signal?: AbortSignal): Promise<AppWhoAmI> {
  return api.get<AppWhoAmI>(IDENTITY_PATHS.whoami, { ...LOCAL, signal });
}

/** POST /api/auth/organizations/{id}/accept. */
export function acceptInvitation(id: string): Promise<Organization> {
  return api.post<Organization>(IDENTITY_PATHS.acceptOrganization(id), undefined, LOCAL);
}

/** POST /api/auth/organizations/{id}/decline. */
export function declineInvitation(id: string): Promise<void> {
  return api.post<void>(IDENTITY_PATHS.declineOrganization(id), undefined, LOCAL);
}

/** POST /api/auth/organizations/select. */
export function selectOrganization(id: string): Promise<OrganizationCurrent> {
  return api.post<OrganizationCurrent>(IDENTITY_PATHS.selectOrganization, { organization_id: id }, LOCAL);
}

/** POST /api/auth/organizations: create one (admins only; the creator owns it and it is selected). */
export function createOrganization(body: CreateOrganizationRequest): Promise<OrganizationCurrent> {
  return api.post<OrganizationCurrent>(IDENTITY_PATHS.organizations, body, LOCAL);
}

// The token is renewed this long before it expires (refreshDelay), and a kept one is reused only with
// more than this (plus slack) left.
const RENEW_BEFORE_MS = 60_000;
const STORE_KEY = 'ops.organization-token';

function keptToken(): OrganizationToken | null {
  try {
    const raw = sessionStorage.getItem(STORE_KEY);
    return raw ? (JSON.parse(raw) as OrganizationToken) : null;
  } catch {
    return null;
  }
}

function keepToken(token: OrganizationToken): void {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(token));
  } catch {
    // Storage may be unavailable (private mode); the token then lives only as long as the page.
  }
}

/** Forget the kept token (sign-out, switching organisation). */
export function forgetOrganizationToken(): void {
  try {
    sessionStorage.removeItem(STORE_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * The bearer token for the selected organisation's backend. The server stores only token hashes, so it
 * cannot hand an existing token out again: this tab keeps the token it minted (sessionStorage, gone with
 * the tab) and reuses it while the server still lists its id for this organisation (not revoked, not
 * expired) and it has more than a minute left; only then is `POST .../current/token` called.
 */
export async function organizationToken(current: OrganizationCurrent, now: number = Date.now()): Promise<OrganizationToken> {
  const kept = keptToken();
  const live =
    kept &&
    kept.organization_id === current.organization.id &&
    kept.backend_url === current.backend_url &&
    current.tokens.some((t) => t.id === kept.id) &&
    new Date(kept.expires_at).getTime() - now > RENEW_BEFORE_MS + 5_000;
  if (live) return kept;
  const minted = await api.post<OrganizationToken>(IDENTITY_PATHS.organizationToken, undefined, LOCAL);
  keepToken(minted);
  return minted;
}

/** Re-ask for the token a minute before it expires (at least every 10 s, at most hourly). */
export function refreshDelay(expiresAt: string, now: number = Date.now()): number {
  const ms = new Date(expiresAt).getTime() - now - RENEW_BEFORE_MS;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 10_000), 3_600_000) : 60_000;
}
