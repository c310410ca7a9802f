import { IDENTITY_PATHS, type AuthConfig } from '@ops/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/auth/config (public): provider, whether registration is open, OIDC buttons, mail. */
export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: ({ signal }) => api.get<AuthConfig>(IDENTITY_PATHS.config, { signal, on401: 'throw', local: true }),
  staleTime: Infinity,
  retry: false,
});

/** The auth configuration (see authConfigQuery). */
export function useAuthConfig() {
  return useQuery(authConfigQuery);
}
