import type { FeatureKey, RbacResource } from '@ops/shared';
import type { ComponentType } from 'react';

/**
 * One page inside the shell. `lazy` loads the page's chunk on first visit (route-level code
 * splitting); `resource` needs read permission, `feature` is the flag that can turn it off.
 * Pages under /settings are also denied to viewers, like the Settings submenu.
 */
export interface AppRoute {
  path: string;
  lazy: () => Promise<{ Component: ComponentType }>;
  resource?: RbacResource;
  feature?: FeatureKey;
  /** Top-bar title until the page renders its own <PageHeader>. */
  title?: string;
}

/** Pages inside the shell. Add an area with one entry, then mark its nav item as existing in nav.ts. */
export const APP_ROUTES: AppRoute[] = [
  {
    path: '/health',
    resource: 'canaries',
    feature: 'health',
    lazy: () => import('../features/health/pages/health-page').then((m) => ({ Component: m.HealthPage })),
  },
  {
    path: '/settings/canaries',
    resource: 'canaries',
    feature: 'settings.health',
    lazy: () => import('../features/health/pages/canaries-page').then((m) => ({ Component: m.CanariesPage })),
  },
  {
    path: '/settings/canaries/:id',
    resource: 'canaries',
    feature: 'settings.health',
    title: 'Health Check',
    lazy: () => import('../features/health/pages/canary-edit-page').then((m) => ({ Component: m.CanaryEditPage })),
  },
  {
    path: '/settings/jobs',
    resource: 'database',
    feature: 'settings.job_history',
    lazy: () => import('../features/job-history/pages/job-history-page').then((m) => ({ Component: m.JobHistoryPage })),
  },
  {
    path: '/settings/feature-flags',
    resource: 'properties',
    feature: 'settings.feature_flags',
    lazy: () => import('../features/feature-flags/pages/feature-flags-page').then((m) => ({ Component: m.FeatureFlagsPage })),
  },
  {
    path: '/settings/event-queue',
    resource: 'database',
    feature: 'settings.event_queue_status',
    lazy: () => import('../features/event-queue/pages/event-queue-page').then((m) => ({ Component: m.EventQueuePage })),
  },
  {
    path: '/settings/event-queue-status',
    resource: 'database',
    feature: 'settings.event_queue_status',
    title: 'Event Queue',
    lazy: () => import('../features/event-queue/pages/event-queue-page').then((m) => ({ Component: m.EventQueuePage })),
  },
];
