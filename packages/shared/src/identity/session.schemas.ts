/** The session and identity in Ory Kratos' shape (`GET /api/auth/sessions/whoami`), and the app's who-am-I. */
import { z } from 'zod';

export const verifiableAddressSchema = z.object({
  id: z.string(),
  value: z.string(),
  verified: z.boolean(),
  via: z.literal('email'),
  status: z.enum(['pending', 'sent', 'completed']),
  verified_at: z.string().nullable().optional(),
});

export const identitySchema = z.object({
  id: z.string().uuid(),
  schema_id: z.literal('default'),
  state: z.enum(['active', 'inactive']),
  state_changed_at: z.string(),
  traits: z.object({
    email: z.string(),
    name: z.object({ first: z.string().optional(), last: z.string().optional() }).optional(),
  }),
  verifiable_addresses: z.array(verifiableAddressSchema),
  recovery_addresses: z.array(z.object({ id: z.string(), value: z.string(), via: z.literal('email') })),
  metadata_public: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Identity = z.infer<typeof identitySchema>;

export const AUTHENTICATION_METHODS = [
  'password',
  'totp',
  'lookup_secret',
  'webauthn',
  'oidc',
  'code',
  'link_recovery',
  'code_recovery',
] as const;

export const sessionSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  expires_at: z.string(),
  authenticated_at: z.string(),
  issued_at: z.string(),
  authenticator_assurance_level: z.enum(['aal1', 'aal2']),
  authentication_methods: z.array(
    z.object({
      method: z.enum(AUTHENTICATION_METHODS),
      aal: z.enum(['aal1', 'aal2']),
      completed_at: z.string(),
      provider: z.string().optional(),
    }),
  ),
  identity: identitySchema,
  /** Our extension for organisation mode: the organisation chosen in this session, if any. */
  organization: z.object({ id: z.string().uuid(), name: z.string(), backend_url: z.string().nullable() }).nullable().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Kratos' `continue_with` hints after a successful submit; the page follows the first it understands. */
export const continueWithSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('redirect_browser_to'), redirect_browser_to: z.string() }),
  z.object({ action: z.literal('show_settings_ui'), flow: z.object({ id: z.string(), url: z.string().optional() }) }),
  z.object({
    action: z.literal('show_verification_ui'),
    flow: z.object({ id: z.string(), verifiable_address: z.string(), url: z.string().optional() }),
  }),
  z.object({ action: z.literal('set_ory_session_token'), ory_session_token: z.string() }),
]);
export type ContinueWith = z.infer<typeof continueWithSchema>;

/** 200 answer of a successful login (and of registration, which also signs in). */
export const loginSuccessSchema = z.object({
  session: sessionSchema,
  /** Only for `api` flows: send it as `Authorization: Bearer <token>` or `X-Session-Token`. */
  session_token: z.string().optional(),
  continue_with: z.array(continueWithSchema).optional(),
});
export type LoginSuccess = z.infer<typeof loginSuccessSchema>;

export const registrationSuccessSchema = loginSuccessSchema.extend({ identity: identitySchema });
export type RegistrationSuccess = z.infer<typeof registrationSuccessSchema>;

/** `GET /api/auth/self-service/logout/browser`; the page then GETs logout_url (add `&return_to=`). */
export const logoutUrlSchema = z.object({ logout_url: z.string(), logout_token: z.string() });
export type LogoutUrl = z.infer<typeof logoutUrlSchema>;

/** `GET /api/auth/whoami`: the app's user, roles and permission map (computed fresh every call). */
export const appWhoAmISchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), avatar: z.string().nullable().optional() }),
  roles: z.array(z.string()),
  permissions: z.record(z.string(), z.object({ read: z.boolean(), write: z.boolean() })),
});
export type AppWhoAmI = z.infer<typeof appWhoAmISchema>;
