import { effectiveRoles, permissionMap, type PermissionMap, type RbacAction, type RbacResource } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api-client';

export interface WhoAmI {
  user: { id: string; name: string; email: string | null };
  roles: string[];
  permissions: Partial<PermissionMap>;
}

export const WHOAMI_QUERY_KEY = ['auth', 'whoami'] as const;

/** The signed-in user, roles and permissions; fetched fresh (staleTime 0) so roles are never served from cache. */
export function useWhoAmI() {
  return useQuery({
    queryKey: WHOAMI_QUERY_KEY,
    queryFn: ({ signal }) => api.get<WhoAmI>('/api/auth/whoami', { signal }),
    staleTime: 0,
    retry: false,
  });
}

export interface Permissions {
  /** Whether the user may read/write the resource (the server enforces it again on every call). */
  can: (resource: RbacResource, action?: RbacAction) => boolean;
  /** True when the user's roles are only viewer (no roles counts as viewer). */
  isViewer: boolean;
  roles: string[];
  isLoading: boolean;
}

/** Pure form of usePermissions, for code that already has the who-am-I answer. */
export function permissionsOf(who: Pick<WhoAmI, 'roles' | 'permissions'> | undefined): Omit<Permissions, 'isLoading'> {
  const roles = who?.roles ?? [];
  const map: Partial<PermissionMap> = who ? { ...permissionMap(roles), ...who.permissions } : {};
  return {
    roles,
    isViewer: !!who && effectiveRoles(roles).every((r) => r === 'viewer'),
    can: (resource, action = 'read') => !!map[resource]?.[action],
  };
}

/** The current user's permissions (denies everything until who-am-I has answered). */
export function usePermissions(): Permissions {
  const who = useWhoAmI();
  return useMemo(() => ({ ...permissionsOf(who.data), isLoading: who.isPending }), [who.data, who.isPending]);
}
