import type { NavAccess } from './nav';
import type { AppRoute } from './routes';

export type RouteAccess = 'ok' | 'disabled' | 'unauthorized';

/** Settings pages follow the submenu rule: not for users whose roles are only viewer. */
export function isSettingsPath(path: string): boolean {
  return path === '/settings' || path.startsWith('/settings/');
}

/** Whether the user may open a route: its flag must be on, then read permission (and no viewer in Settings). */
export function routeAccess(route: Pick<AppRoute, 'path' | 'resource' | 'feature'>, access: NavAccess): RouteAccess {
  if (route.feature && !access.isEnabled(route.feature)) return 'disabled';
  if (isSettingsPath(route.path) && (access.isViewer || !access.isEnabled('settings'))) {
    return access.isEnabled('settings') ? 'unauthorized' : 'disabled';
  }
  if (route.resource && !access.can(route.resource, 'read')) return 'unauthorized';
  return 'ok';
}
