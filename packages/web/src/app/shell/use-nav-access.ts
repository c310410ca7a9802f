import type { FeatureKey } from '@ops/shared';
import { useMemo } from 'react';
import { useAbout } from '../../lib/use-about';
import { useFeatureFlags } from '../../lib/use-feature-flags';
import { usePermissions } from '../../lib/use-whoami';
import { NAV, visibleNav, type NavAccess, type NavEntry } from '../nav';

/** The user's permissions and the feature flags, as the nav and the route guards need them. */
export function useNavAccess(): NavAccess & { isLoading: boolean } {
  const perms = usePermissions();
  const flags = useFeatureFlags();
  const about = useAbout();
  // Health-only deployments (OPS_MODE=health) show the health dashboard and nothing else.
  const healthOnly = about.mode === 'health';
  return useMemo(
    () => ({
      can: perms.can,
      isViewer: perms.isViewer,
      isEnabled: healthOnly ? (key: FeatureKey) => key === 'health' && flags.isEnabled(key) : flags.isEnabled,
      isLoading: perms.isLoading || flags.isLoading || about.isLoading,
    }),
    [perms, flags, healthOnly, about.isLoading],
  );
}

/** The sidebar entries this user may see right now. */
export function useVisibleNav(): { entries: NavEntry[]; isLoading: boolean; access: NavAccess } {
  const access = useNavAccess();
  const entries = useMemo(() => visibleNav(NAV, access), [access]);
  return { entries, isLoading: access.isLoading, access };
}
