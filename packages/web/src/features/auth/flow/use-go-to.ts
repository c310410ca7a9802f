import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** An address on this origin as a router path, or null when it points elsewhere (an OIDC provider). */
export function inAppPath(to: string, origin: string = window.location.origin): string | null {
  try {
    const url = new URL(to, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Go to an address: in-app paths through the router (no reload), other origins and /api paths by a page load. */
export function useGoTo(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      const path = inAppPath(to);
      if (path && !path.startsWith('/api/')) void navigate(path, { replace: true });
      else window.location.assign(to);
    },
    [navigate],
  );
}
