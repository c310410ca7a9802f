import type { ResourceTableKey } from '../../features/settings-resources/resource-tables';
import type { ResourceParts } from '../../features/settings-resources/resource-table';

/**
 * Each settings resource table's editor and calls, from the feature that owns the table; loaded with the edit
 * page's chunk (never with the shell or the list).
 */
export const RESOURCE_PARTS: Record<ResourceTableKey, () => Promise<ResourceParts>> = {
  canaries: () => import('./canary-parts').then((m) => m.CANARY_PARTS),
  teams: () => import('./team-parts').then((m) => m.TEAM_PARTS),
  scrapers: () => import('./scraper-parts').then((m) => m.SCRAPER_PARTS),
  topologies: () => import('./topology-parts').then((m) => m.TOPOLOGY_PARTS),
  logging_backends: () => import('./logging-backend-parts').then((m) => m.LOGGING_BACKEND_PARTS),
};
