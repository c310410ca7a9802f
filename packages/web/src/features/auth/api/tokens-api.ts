import { IDENTITY_PATHS, type AccessTokenRow, type CreateTokenRequest, type CreateTokenResponse } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';
import { toastError } from '../../../lib/notify';

const TOKENS_KEY = ['auth', 'tokens'] as const;
// The profile page may be open on a session that the app API refuses (a recovery session): report, never bounce.
// Tokens live on the identity server (this origin), also in organisation mode: never ask an organisation's backend.
const OPTS = { on401: 'throw', local: true } as const;

/** GET /api/auth/tokens: the signed-in person's personal and organisation tokens (never their values). */
export function useAccessTokens() {
  return useQuery({
    queryKey: TOKENS_KEY,
    queryFn: ({ signal }) => api.get<AccessTokenRow[]>(IDENTITY_PATHS.tokens, { ...OPTS, signal }),
    staleTime: 0,
  });
}

/** Create (the answer holds the value, shown once) and revoke, refreshing the list. */
export function useAccessTokenMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: TOKENS_KEY });
  const create = useMutation({
    mutationFn: (body: CreateTokenRequest) => api.post<CreateTokenResponse>(IDENTITY_PATHS.tokens, body, OPTS),
    onSuccess: refresh,
    onError: toastError,
  });
  const revoke = useMutation({
    mutationFn: (token: AccessTokenRow) => api.delete(IDENTITY_PATHS.token(token.id), OPTS),
    onSuccess: async (_r, token) => {
      toast.success(`${token.name} revoked successfully`);
      await refresh();
    },
    onError: toastError,
  });
  return { create, revoke };
}
