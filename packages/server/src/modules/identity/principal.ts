import type { Role } from '@ops/shared';

/** Who is calling: resolved once per request by the auth hook. */
export interface Principal {
  id: string;
  name: string;
  email: string | null;
  roles: Role[];
  via: 'session' | 'basic' | 'token';
  /** Set when the caller is an agent authenticating with its token. */
  agentId?: string | null;
}
