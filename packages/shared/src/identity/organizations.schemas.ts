/**
 * Organisation mode (the 'hosted provider' deployment) and the public auth configuration the pages read
 * before rendering: which provider, whether registration is open, which OIDC buttons exist.
 */
import { z } from 'zod';

/** `GET /api/auth/config` (no credentials needed). */
export const authConfigSchema = z.object({
  /** 'self-hosted': our flows and pages; 'hosted': sign-in through an external OIDC provider with organisations. */
  provider: z.enum(['self-hosted', 'hosted']),
  registration: z.boolean(),
  oidc: z.array(z.object({ id: z.string(), label: z.string() })),
  /** Whether mail is configured (recovery and verification codes can be delivered). */
  mail: z.boolean(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const organizationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  /** Where this organisation's API lives; null means this server. */
  backend_url: z.string().nullable(),
  role: z.enum(['owner', 'member']),
});
export type Organization = z.infer<typeof organizationSchema>;

/**
 * `GET /api/auth/organizations`: the organisations the caller accepted (pending invitations are listed
 * apart and are not selectable); `selected` null → show the organisation picker.
 */
export const organizationListSchema = z.object({ organizations: z.array(organizationSchema), selected: z.string().uuid().nullable() });
export type OrganizationList = z.infer<typeof organizationListSchema>;

const backendUrlSchema = z.string().url('backend_url must be a URL').nullable().optional();

/**
 * `POST /api/auth/organizations` body (admins only; the creator becomes owner and it is selected).
 * `backend_url` must be one of the origins in OPS_ORG_BACKEND_URLS (default: only this console's origin).
 */
export const createOrganizationRequestSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
  backend_url: backendUrlSchema,
});
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequestSchema>;

/** `PATCH /api/auth/organizations/{id}` body (admins who own it): rename or change the backend address. */
export const updateOrganizationRequestSchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters').optional(),
  backend_url: backendUrlSchema,
});
export type UpdateOrganizationRequest = z.infer<typeof updateOrganizationRequestSchema>;

/** `POST /api/auth/organizations/select` body. */
export const selectOrganizationRequestSchema = z.object({ organization_id: z.string().uuid('organization_id must be a UUID') });

/** A live organisation token of the caller: its id and expiry only (the value is never stored). */
export const organizationTokenRefSchema = z.object({ id: z.string().uuid(), expires_at: z.string() });
export type OrganizationTokenRef = z.infer<typeof organizationTokenRefSchema>;

/**
 * Answer of select, create and `GET /api/auth/organizations/current` (none of them mints a token):
 * the selected organisation, where its API lives, and the caller's live tokens for it. A client keeps
 * the token it got from `POST .../current/token` and uses it while its id is listed here and it is not
 * about to expire; otherwise it asks for a new one.
 */
export const organizationCurrentSchema = z.object({
  organization: organizationSchema,
  backend_url: z.string(),
  tokens: z.array(organizationTokenRefSchema),
});
export type OrganizationCurrent = z.infer<typeof organizationCurrentSchema>;

/**
 * `POST /api/auth/organizations/current/token`: a new short-lived bearer token for the selected
 * organisation. Call `backend_url` with `Authorization: Bearer <token>` until `expires_at`.
 */
export const organizationTokenSchema = z.object({
  id: z.string().uuid(),
  organization_id: z.string().uuid(),
  backend_url: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type OrganizationToken = z.infer<typeof organizationTokenSchema>;

/** `POST /api/auth/organizations/{id}/members` body (owners invite people by e-mail; they must accept). */
export const addOrganizationMemberRequestSchema = z.object({ email: z.string().email('email must be an e-mail address') });

/** `GET /api/auth/organizations/invitations`: memberships waiting for the caller's Accept or Decline. */
export const organizationInvitationSchema = z.object({
  organization: organizationSchema.omit({ role: true }),
  role: z.enum(['owner', 'member']),
  invited_by: z.string().nullable(),
  invited_at: z.string(),
});
export type OrganizationInvitation = z.infer<typeof organizationInvitationSchema>;
