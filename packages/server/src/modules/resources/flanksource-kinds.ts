import type { UnsupportedKind } from './kind-registry.js';

const CANARIES = 'canaries.flanksource.com/v1';
const CONFIGS = 'configs.flanksource.com/v1';
const MISSION_CONTROL = 'mission-control.flanksource.com/v1';

/**
 * Flanksource's kinds, recognised so that applying one says "not supported yet" (422) instead of
 * "unknown kind" (400). The area that implements a kind registers a supported entry with the same name.
 */
export const FLANKSOURCE_KINDS: readonly UnsupportedKind[] = [
  { kind: 'Canary', apiVersions: [CANARIES], aliases: [], resource: 'canaries', namespaced: true, supported: false },
  { kind: 'Topology', apiVersions: [CANARIES], aliases: [], resource: 'topologies', namespaced: true, supported: false },
  { kind: 'ScrapeConfig', apiVersions: [CONFIGS], aliases: ['scrapers'], resource: 'config_scrapers', namespaced: true, supported: false },
  { kind: 'Notification', apiVersions: [MISSION_CONTROL], aliases: [], resource: 'notifications', namespaced: true, supported: false },
  {
    kind: 'NotificationSilence',
    apiVersions: [MISSION_CONTROL],
    aliases: ['silences'],
    resource: 'notifications',
    namespaced: true,
    supported: false,
  },
  { kind: 'Connection', apiVersions: [MISSION_CONTROL], aliases: [], resource: 'connections', namespaced: true, supported: false },
  { kind: 'Team', apiVersions: [MISSION_CONTROL], aliases: [], resource: 'database', namespaced: true, supported: false },
];
