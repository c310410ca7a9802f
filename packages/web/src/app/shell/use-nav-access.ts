import { useMemo } from 'react';
import { useFeatureFlags } from '../../lib/use-feature-flags';
import { usePermissions } from '../../lib/use-whoami';
import { NAV, visibleNav, type NavAccess, type NavEntry } from '../nav';

/** The user's permissions and the feature flags, as the nav and the route guards need them. */
export function useNavAccess(): NavAccess & { isLoading: boolean } {
  const perms = usePermissions();
  const flags = useFeatureFlags();
  return useMemo(
    () => ({ can: perms.can, isViewer: perms.isViewer, isEnabled: flags.isEnabled, isLoading: perms.isLoading || flags.isLoading }),
    [perms, flags],
  );
}

/** The sidebar entries this user may see right now. */
export function useVisibleNav(): { entries: NavEntry[]; isLoading: boolean; access: NavAccess } {
  const access = useNavAccess();
  const entries = useMemo(() => visibleNav(NAV, access), [access]);
  return { entries, isLoading: access.isLoading, access };
}
