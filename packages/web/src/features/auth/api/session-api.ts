import { IDENTITY_PATHS, type LogoutUrl, type Session } from '@ops/shared';
import { api } from '../../../lib/api-client';
import { actionPath } from '../flow/flow-api';

/** GET /api/auth/sessions/whoami: the session check (401 no session, 403 second factor needed). */
export function checkSession(signal?: AbortSignal): Promise<Session> {
  return api.get<Session>(IDENTITY_PATHS.sessionWhoAmI, { on401: 'throw', local: true, signal });
}

/** Ends the session through the self-service logout flow (logout URL, then GET it). */
export async function logout(): Promise<void> {
  const { logout_url } = await api.get<LogoutUrl>(IDENTITY_PATHS.logoutBrowser, { on401: 'throw', local: true });
  await api.get(actionPath(logout_url), { on401: 'throw', local: true });
}
