/**
 * Self-service flows (login, registration, recovery, verification, settings) in Ory Kratos' JSON shape,
 * and the bodies each flow accepts on submit. See README.md in this folder for the endpoints.
 */
import { z } from 'zod';
import { uiContainerSchema } from './ui.schemas.js';
import { identitySchema } from './session.schemas.js';

export const FLOW_KINDS = ['login', 'registration', 'recovery', 'verification', 'settings'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

/** Authenticator assurance level: aal1 = one factor, aal2 = a second factor (TOTP, recovery code, WebAuthn). */
export const aalSchema = z.enum(['aal1', 'aal2']);
export type Aal = z.infer<typeof aalSchema>;

const flowBase = z.object({
  id: z.string().uuid(),
  /** 'browser' flows use the session cookie and a CSRF token; 'api' flows return a session token. */
  type: z.enum(['browser', 'api']),
  expires_at: z.string(),
  issued_at: z.string(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  request_url: z.string(),
  return_to: z.string().optional(),
  ui: uiContainerSchema,
});

export const loginFlowSchema = flowBase.extend({
  /** True when the user is already signed in and re-authenticates ('Confirm Action'). */
  refresh: z.boolean(),
  requested_aal: aalSchema,
  /** Set when an organisation's OIDC provider is the only way in (organisation mode). */
  organization_id: z.string().uuid().nullable().optional(),
  state: z.enum(['choose_method', 'passed_challenge']).optional(),
});
export type LoginFlow = z.infer<typeof loginFlowSchema>;

export const registrationFlowSchema = flowBase.extend({ state: z.enum(['choose_method', 'passed_challenge']).optional() });
export type RegistrationFlow = z.infer<typeof registrationFlowSchema>;

/** Recovery and verification walk choose_method → sent_email (code mailed) → passed_challenge. */
export const codeFlowStateSchema = z.enum(['choose_method', 'sent_email', 'passed_challenge']);
export const recoveryFlowSchema = flowBase.extend({ state: codeFlowStateSchema, active: z.string().optional() });
export type RecoveryFlow = z.infer<typeof recoveryFlowSchema>;
export const verificationFlowSchema = flowBase.extend({ state: codeFlowStateSchema, active: z.string().optional() });
export type VerificationFlow = z.infer<typeof verificationFlowSchema>;

export const settingsFlowSchema = flowBase.extend({
  state: z.enum(['show_form', 'success']),
  identity: identitySchema,
});
export type SettingsFlow = z.infer<typeof settingsFlowSchema>;

export type AnyFlow = LoginFlow | RegistrationFlow | RecoveryFlow | VerificationFlow | SettingsFlow;

const csrf = { csrf_token: z.string().optional() };

/** Login submit bodies (JSON or form-encoded), chosen by `method`. */
export const loginBodySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password'), identifier: z.string(), password: z.string(), ...csrf }),
  z.object({ method: z.literal('totp'), totp_code: z.string(), ...csrf }),
  z.object({ method: z.literal('lookup_secret'), lookup_secret: z.string(), ...csrf }),
  /** `webauthn_login` is the JSON of @simplewebauthn/browser's startAuthentication() result. */
  z.object({ method: z.literal('webauthn'), identifier: z.string().optional(), webauthn_login: z.string().optional(), ...csrf }),
  z.object({ method: z.literal('oidc'), provider: z.string(), ...csrf }),
]);
export type LoginBody = z.infer<typeof loginBodySchema>;

export const traitsSchema = z.object({
  email: z.string(),
  name: z.object({ first: z.string().optional(), last: z.string().optional() }).optional(),
});
export type Traits = z.infer<typeof traitsSchema>;

export const registrationBodySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password'), traits: traitsSchema, password: z.string(), ...csrf }),
  z.object({ method: z.literal('oidc'), provider: z.string(), ...csrf }),
]);
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

/** Recovery / verification: first `{email}` (mails a code), then `{code}`; `{email}` again resends. */
export const codeBodySchema = z.object({ method: z.literal('code'), email: z.string().optional(), code: z.string().optional(), ...csrf });
export type CodeBody = z.infer<typeof codeBodySchema>;

export const settingsBodySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('profile'), traits: traitsSchema, ...csrf }),
  z.object({ method: z.literal('password'), password: z.string(), ...csrf }),
  z.object({ method: z.literal('totp'), totp_code: z.string().optional(), totp_unlink: z.boolean().optional(), ...csrf }),
  z.object({
    method: z.literal('lookup_secret'),
    lookup_secret_reveal: z.boolean().optional(),
    lookup_secret_regenerate: z.boolean().optional(),
    lookup_secret_confirm: z.boolean().optional(),
    lookup_secret_disable: z.boolean().optional(),
    ...csrf,
  }),
  z.object({
    method: z.literal('webauthn'),
    /** JSON of @simplewebauthn/browser's startRegistration() result. */
    webauthn_register: z.string().optional(),
    webauthn_register_displayname: z.string().optional(),
    /** Id of the key to remove (the value of its remove button). */
    webauthn_remove: z.string().optional(),
    ...csrf,
  }),
  z.object({ method: z.literal('oidc'), link: z.string().optional(), unlink: z.string().optional(), ...csrf }),
]);
export type SettingsBody = z.infer<typeof settingsBodySchema>;
