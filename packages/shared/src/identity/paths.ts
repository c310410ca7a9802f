/** Every identity endpoint the web calls, in one place (server routes use the same strings). */
import type { FlowKind } from './flow.schemas.js';

export const AUTH_API = '/api/auth';

export const IDENTITY_PATHS = {
  /** GET; `?return_to=&refresh=true&aal=aal2` (login), `?return_to=` (others). Send `Accept: application/json`. */
  createBrowserFlow: (kind: FlowKind) => `${AUTH_API}/self-service/${kind}/browser`,
  /** GET; for non-browser clients (CLI): no CSRF, login answers a session_token. */
  createApiFlow: (kind: FlowKind) => `${AUTH_API}/self-service/${kind}/api`,
  /** GET `?id=` */
  getFlow: (kind: FlowKind) => `${AUTH_API}/self-service/${kind}/flows`,
  /** POST `?flow=<id>` with the flow's body (JSON or form-encoded). Same as the flow's ui.action. */
  submitFlow: (kind: FlowKind, flowId: string) => `${AUTH_API}/self-service/${kind}?flow=${encodeURIComponent(flowId)}`,
  /** GET `?id=` → SelfServiceError. */
  flowError: `${AUTH_API}/self-service/errors`,
  /** GET → {logout_url, logout_token}; then GET logout_url (+ `&return_to=`) → 204 (JSON) or 303. */
  logoutBrowser: `${AUTH_API}/self-service/logout/browser`,
  logout: `${AUTH_API}/self-service/logout`,
  /** The session check (Kratos toSession): 200 Session, 401 session_inactive, 403 session_aal2_required. */
  sessionWhoAmI: `${AUTH_API}/sessions/whoami`,
  /** The app's who-am-I with roles and permissions (not cached). */
  whoami: `${AUTH_API}/whoami`,
  config: `${AUTH_API}/config`,
  inviteUser: `${AUTH_API}/invite_user`,
  /** GET list (users table); PATCH/DELETE `/{id}`. */
  identities: `${AUTH_API}/identities`,
  identity: (id: string) => `${AUTH_API}/identities/${encodeURIComponent(id)}`,
  updateRole: (id: string) => `/api/rbac/${encodeURIComponent(id)}/update_role`,
  /** GET list, POST create; DELETE `/{id}` revokes. */
  tokens: `${AUTH_API}/tokens`,
  token: (id: string) => `${AUTH_API}/tokens/${encodeURIComponent(id)}`,
  organizations: `${AUTH_API}/organizations`,
  selectOrganization: `${AUTH_API}/organizations/select`,
  currentOrganization: `${AUTH_API}/organizations/current`,
  organizationMembers: (id: string) => `${AUTH_API}/organizations/${encodeURIComponent(id)}/members`,
  /** PATCH (admins who own it): name, backend_url. */
  organization: (id: string) => `${AUTH_API}/organizations/${encodeURIComponent(id)}`,
  /** POST: mint a short-lived token for the selected organisation (only when the client has no valid one). */
  organizationToken: `${AUTH_API}/organizations/current/token`,
  organizationInvitations: `${AUTH_API}/organizations/invitations`,
  acceptOrganization: (id: string) => `${AUTH_API}/organizations/${encodeURIComponent(id)}/accept`,
  declineOrganization: (id: string) => `${AUTH_API}/organizations/${encodeURIComponent(id)}/decline`,
} as const;

/** Web routes of the identity pages. */
export const IDENTITY_PAGES = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
  error: '/error',
  authStateChecker: '/auth-state-checker',
  orgsSwitched: '/organizations/orgs-switched',
} as const;

/** Page titles of the identity pages. */
export const IDENTITY_TITLES = {
  login: 'Sign In to your account',
  refresh: 'Confirm Action',
  aal2: 'Two-Factor Authentication',
  registration: 'Create account',
  recovery: 'Recover account',
  verification: 'Verify your account',
} as const;

/** Profile-settings section headings, by node group. */
export const SETTINGS_SECTIONS = {
  profile: 'Profile Settings',
  password: 'Change Password',
  oidc: 'Manage Social Sign In',
  lookup_secret: 'Manage 2FA Backup Recovery Codes',
  totp: 'Manage 2FA TOTP Authenticator App',
  webauthn: 'Manage Hardware Tokens and Biometrics',
} as const;
