import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { toastError } from '../../lib/notify';
import { loginPath } from '../paths';

/** Ends the session and goes to /login?return_to={current path+search}, so the next sign-in comes back here. */
export function useSignOut(): () => Promise<void> {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(async () => {
    const returnTo = `${location.pathname}${location.search}`;
    try {
      await api.post('/api/auth/logout', undefined, { on401: 'throw' });
    } catch (err) {
      toastError(err);
      return;
    }
    client.clear();
    await navigate(loginPath(returnTo), { replace: true });
  }, [client, navigate, location.pathname, location.search]);
}
