/**
 * Organisation mode (spec 1 §1/§8 'hosted provider') and the public auth configuration the pages read
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

/** `GET /api/auth/organizations`: the caller's organisations; `selected` null → show the organisation picker. */
export const organizationListSchema = z.object({ organizations: z.array(organizationSchema), selected: z.string().uuid().nullable() });
export type OrganizationList = z.infer<typeof organizationListSchema>;

/** `POST /api/auth/organizations` body (create; the creator becomes owner and it is selected). */
export const createOrganizationRequestSchema = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
  backend_url: z.string().url('backend_url must be a URL').nullable().optional(),
});
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequestSchema>;

/** `POST /api/auth/organizations/select` body. */
export const selectOrganizationRequestSchema = z.object({ organization_id: z.string().uuid('organization_id must be a UUID') });

/**
 * Answer of select, create and `GET /api/auth/organizations/current`: call `backend_url` (or this origin
 * when null) with `Authorization: Bearer <token>` until `expires_at`, then ask /current again.
 */
export const organizationSessionSchema = z.object({
  organization: organizationSchema,
  backend_url: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type OrganizationSession = z.infer<typeof organizationSessionSchema>;

/** `POST /api/auth/organizations/{id}/members` body (owners add people by e-mail). */
export const addOrganizationMemberRequestSchema = z.object({ email: z.string().email('email must be an e-mail address') });
