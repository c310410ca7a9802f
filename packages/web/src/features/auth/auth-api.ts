import { api } from '../../lib/api-client';

export interface LoginBody {
  email: string;
  password: string;
}

/** POST /api/auth/login: sets the session cookie; a 401 (bad credentials) is thrown, never redirected. */
export function login(body: LoginBody): Promise<{ user: { id: string; name: string; email: string | null } }> {
  return api.post('/api/auth/login', body, { on401: 'throw' });
}

/** GET /api/auth/whoami without the global 401 redirect (this is the session check itself). */
export function checkSession(signal?: AbortSignal): Promise<unknown> {
  return api.get('/api/auth/whoami', { on401: 'throw', signal });
}
