import { disabledFeatures, isFeatureEnabled, type FeatureKey } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../lib/use-whoami';
import { NAV, SETTINGS_NAV, flattenNav, homePath, isGroup, visibleNav, type NavAccess } from './nav';
import { routeAccess } from './route-access';
import { APP_ROUTES } from './routes';

/** NavAccess for a set of roles (the same matrix the server serves) and a properties map. */
function accessFor(roles: string[], properties: Record<string, string> = {}): NavAccess {
  const perms = permissionsOf({ roles, permissions: {} });
  const disabled = disabledFeatures(properties);
  return { can: perms.can, isViewer: perms.isViewer, isEnabled: (k: FeatureKey) => isFeatureEnabled(disabled, k) };
}

const labels = (access: NavAccess): string[] => flattenNav(visibleNav(NAV, access)).map(({ item }) => item.label);

describe('sidebar gating', () => {
  it('shows admins only the areas that exist, in sidebar order', () => {
    const existing = flattenNav(NAV)
      .filter(({ item }) => item.exists)
      .map(({ item }) => item.label);
    expect(labels(accessFor(['admin']))).toEqual(existing);
    expect(labels(accessFor(['admin']))).toEqual([
      'Dashboard',
      'Health',
      'Catalog',
      'Logs',
      'Playbooks',
      'Connections',
      'Users',
      'Teams',
      'Health',
      'Topology',
      'Jobs History',
      'Feature Flags',
      'Log Backends',
      'Event Queue',
      'Integrations',
    ]);
    // Connections are admin-only: editors and responders never see them.
    expect(labels(accessFor(['editor']))).not.toContain('Connections');
    expect(labels(accessFor(['responder']))).not.toContain('Connections');
  });

  it('hides the Settings submenu from viewers and from users with no roles', () => {
    expect(visibleNav(NAV, accessFor(['viewer'])).some(isGroup)).toBe(false);
    expect(visibleNav(NAV, accessFor([])).some(isGroup)).toBe(false);
    expect(labels(accessFor(['viewer', 'editor']))).toContain('Feature Flags');
    expect(labels(accessFor(['responder']))).toContain('Feature Flags');
  });

  it('drops items whose feature flag is disabled, and those under a disabled parent flag', () => {
    expect(labels(accessFor(['admin'], { 'settings.feature_flags.disable': 'true' }))).toEqual([
      'Dashboard',
      'Health',
      'Catalog',
      'Logs',
      'Playbooks',
      'Connections',
      'Users',
      'Teams',
      'Health',
      'Topology',
      'Jobs History',
      'Log Backends',
      'Event Queue',
      'Integrations',
    ]);
    // Disabling health also disables settings.health and settings.job_history.
    expect(labels(accessFor(['admin'], { 'health.disable': 'true' }))).toEqual([
      'Dashboard',
      'Catalog',
      'Logs',
      'Playbooks',
      'Connections',
      'Users',
      'Teams',
      'Topology',
      'Feature Flags',
      'Log Backends',
      'Event Queue',
      'Integrations',
    ]);
    // Disabling logs also hides the Log Backends settings.
    const noLogs = labels(accessFor(['admin'], { 'logs.disable': 'true' }));
    expect(noLogs).not.toContain('Logs');
    expect(noLogs).not.toContain('Log Backends');
    expect(noLogs).toContain('Topology');
    expect(labels(accessFor(['admin'], { 'settings.disable': 'TRUE' }))).toEqual(['Dashboard', 'Health', 'Catalog', 'Logs', 'Playbooks']);
    expect(labels(accessFor(['admin'], { 'settings.feature_flags.disable': 'false' }))).toContain('Feature Flags');
  });

  it('drops items the user may not read', () => {
    const access: NavAccess = { ...accessFor(['admin']), can: (r) => r !== 'properties' };
    expect(labels(access)).toEqual([
      'Dashboard',
      'Health',
      'Catalog',
      'Logs',
      'Playbooks',
      'Connections',
      'Users',
      'Teams',
      'Health',
      'Topology',
      'Jobs History',
      'Log Backends',
      'Event Queue',
      'Integrations',
    ]);
  });

  it("sends '/' to the first visible area, or nowhere when none is visible", () => {
    // '/' goes to the Dashboard (/topology), the first sidebar item.
    expect(homePath(NAV, accessFor(['admin']))).toBe('/topology');
    expect(homePath(NAV, accessFor(['viewer']))).toBe('/topology');
    const noDashboard = { 'topology.disable': 'true' };
    expect(homePath(NAV, accessFor(['admin'], noDashboard))).toBe('/health');
    expect(homePath(NAV, accessFor(['admin'], { ...noDashboard, 'health.disable': 'true' }))).toBe('/catalog');
    const noAreas = {
      ...noDashboard,
      'health.disable': 'true',
      'config.disable': 'true',
      'logs.disable': 'true',
      'playbooks.disable': 'true',
    };
    expect(homePath(NAV, accessFor(['admin'], noAreas))).toBe('/settings/connections');
    expect(homePath(NAV, accessFor(['editor'], noAreas))).toBe('/settings/teams');
    expect(homePath(NAV, accessFor(['viewer'], noAreas))).toBeNull();
  });
});

describe('route guards', () => {
  const flags = { path: '/settings/feature-flags', resource: 'properties', feature: 'settings.feature_flags' } as const;

  it('denies viewers every settings page and allows editors', () => {
    expect(routeAccess(flags, accessFor(['viewer']))).toBe('unauthorized');
    expect(routeAccess(flags, accessFor(['editor']))).toBe('ok');
  });

  it('denies a resource without read permission and sends disabled areas away', () => {
    expect(routeAccess({ path: '/settings/users', resource: 'identities' }, accessFor(['editor']))).toBe('unauthorized');
    expect(routeAccess(flags, accessFor(['admin'], { 'settings.feature_flags.disable': 'true' }))).toBe('disabled');
    expect(routeAccess(flags, accessFor(['admin'], { 'settings.disable': 'true' }))).toBe('disabled');
    expect(routeAccess({ path: '/health', resource: 'canaries', feature: 'health' }, accessFor(['viewer']))).toBe('ok');
  });
});

describe('nav and routes agree', () => {
  it('every area marked as existing has a route', () => {
    const paths = new Set(APP_ROUTES.map((r) => r.path));
    const missing = flattenNav(NAV)
      .filter(({ item }) => item.exists && !paths.has(item.path))
      .map(({ item }) => item.path);
    expect(missing).toEqual([]);
  });

  it('lists the Settings submenu items in order', () => {
    expect(SETTINGS_NAV.children.map((c) => c.label)).toEqual([
      'Connections',
      'Users',
      'Teams',
      'Incident Rules',
      'Health',
      'Topology',
      'Notifications',
      'Jobs History',
      'Feature Flags',
      'Log Backends',
      'Event Queue',
      'Agents',
      'Integrations',
    ]);
    expect(NAV.filter((e) => !isGroup(e)).map((e) => e.label)).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
    ]);
  });
});
