import type { FeatureKey, RbacResource } from '@ops/shared';
import type { ComponentType } from 'react';
import { RESOURCE_REDIRECTS, RESOURCE_TABLES } from '../features/settings-resources/resource-tables';
import { RESOURCE_PARTS } from './settings-resources/resource-parts';

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

/** A page outside the shell (sign-in, recovery, profile, error): no sidebar, no permission guard. */
export interface BareRoute {
  path: string;
  lazy: () => Promise<{ Component: ComponentType }>;
}

/**
 * The identity pages (sign-in, registration, recovery, verification, profile settings, session check,
 * errors), the organisation landing and the single topology card view; they render without the shell.
 */
export const AUTH_ROUTES: BareRoute[] = [
  { path: '/login', lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })) },
  {
    path: '/registration',
    lazy: () => import('../features/auth/pages/registration-page').then((m) => ({ Component: m.RegistrationPage })),
  },
  { path: '/recovery', lazy: () => import('../features/auth/pages/recovery-page').then((m) => ({ Component: m.RecoveryPage })) },
  {
    path: '/verification',
    lazy: () => import('../features/auth/pages/verification-page').then((m) => ({ Component: m.VerificationPage })),
  },
  {
    path: '/profile-settings',
    lazy: () => import('../features/auth/pages/profile-settings-page').then((m) => ({ Component: m.ProfileSettingsPage })),
  },
  {
    path: '/auth-state-checker',
    lazy: () => import('../features/auth/pages/auth-state-checker-page').then((m) => ({ Component: m.AuthStateCheckerPage })),
  },
  { path: '/error', lazy: () => import('../features/auth/pages/error-page').then((m) => ({ Component: m.ErrorPage })) },
  { path: '/error/:id', lazy: () => import('../features/auth/pages/error-page').then((m) => ({ Component: m.ErrorPage })) },
  {
    path: '/view/topology/:id',
    lazy: () => import('./topology/topology-view-route').then((m) => ({ Component: m.TopologyViewRoute })),
  },
  {
    path: '/organizations/orgs-switched',
    lazy: () => import('../features/auth/pages/orgs-switched-page').then((m) => ({ Component: m.OrgsSwitchedPage })),
  },
];

/** Pages inside the shell. Add an area with one entry, then mark its nav item as existing in nav.ts. */
export const APP_ROUTES: AppRoute[] = [
  ...topologyRoutes(),
  {
    path: '/health',
    resource: 'canaries',
    feature: 'health',
    lazy: () => import('./health/health-route').then((m) => ({ Component: m.HealthRoute })),
  },
  ...catalogRoutes(),
  ...playbookRoutes(),
  {
    path: '/logs',
    resource: 'logging_backends',
    feature: 'logs',
    title: 'Logs',
    lazy: () => import('../features/logs/pages/logs-page').then((m) => ({ Component: m.LogsPage })),
  },
  ...settingsResourceRoutes(),
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
  {
    path: '/settings/connections',
    resource: 'connections',
    feature: 'settings.connections',
    lazy: () => import('../features/connections/pages/connections-page').then((m) => ({ Component: m.ConnectionsPage })),
  },
  {
    path: '/settings/users',
    resource: 'identities',
    feature: 'settings.users',
    lazy: () => import('../features/users/pages/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: '/settings/integrations',
    resource: 'integrations',
    feature: 'settings.integrations',
    lazy: () => import('./integrations/integrations-route').then((m) => ({ Component: m.IntegrationsRoute })),
  },
  {
    path: '/settings/integrations/:type/:id',
    resource: 'integrations',
    feature: 'settings.integrations',
    title: 'Integration',
    lazy: () => import('./integrations/integration-detail-route').then((m) => ({ Component: m.IntegrationDetailRoute })),
  },
];

/**
 * /settings/{table} and /settings/{table}/{id} of every settings resource table: one generic list and one generic
 * edit page, given the table's description (and, for the edit page, its feature's editor, loaded in the same chunk).
 */
function settingsResourceRoutes(): AppRoute[] {
  const listPage = () => import('../features/settings-resources/pages/resource-list-page');
  const editPage = () => import('../features/settings-resources/pages/resource-edit-page');
  const redirect = () => import('../features/settings-resources/pages/resource-redirect');
  const access = (t: { resource: RbacResource; feature: FeatureKey }) => ({ resource: t.resource, feature: t.feature });
  return [
    ...RESOURCE_TABLES.flatMap((table): AppRoute[] => [
      {
        path: `/settings/${table.path}`,
        ...access(table),
        title: table.title,
        lazy: () => listPage().then(({ ResourceListPage }) => ({ Component: () => <ResourceListPage table={table} /> })),
      },
      {
        path: `/settings/${table.path}/:id`,
        ...access(table),
        title: table.singular,
        lazy: () =>
          Promise.all([editPage(), RESOURCE_PARTS[table.path]()]).then(([{ ResourceEditPage }, parts]) => ({
            Component: () => <ResourceEditPage table={table} parts={parts} />,
          })),
      },
    ]),
    ...RESOURCE_REDIRECTS.map((r): AppRoute => ({
      path: `/settings/${r.path}`,
      ...access(r),
      title: r.title,
      lazy: () => redirect().then(({ ResourceRedirect }) => ({ Component: () => <ResourceRedirect to={r.to} /> })),
    })),
  ];
}

/** The catalogue pages: read on config_scrapers, behind the 'config' flag. */
function catalogRoutes(): AppRoute[] {
  const page = (path: string, load: () => Promise<{ Component: ComponentType }>, title?: string): AppRoute => ({
    path,
    resource: 'config_scrapers',
    feature: 'config',
    lazy: load,
    ...(title ? { title } : {}),
  });
  return [
    page('/catalog', () => import('../features/catalog/pages/catalog-page').then((m) => ({ Component: m.CatalogPage }))),
    page('/configs', () => import('../features/catalog/pages/configs-redirect').then((m) => ({ Component: m.ConfigsRedirect })), 'Catalog'),
    page('/catalog/changes', () => import('../features/catalog/pages/changes-page').then((m) => ({ Component: m.ChangesPage })), 'Changes'),
    page(
      '/catalog/insights',
      () => import('../features/catalog/pages/insights-page').then((m) => ({ Component: m.InsightsPage })),
      'Insights',
    ),
    page(
      '/catalog/scrapers',
      () => import('../features/catalog/pages/scrapers-page').then((m) => ({ Component: m.ScrapersPage })),
      'Scrapers',
    ),
    page(
      '/catalog/scrapers/:id',
      () => import('../features/catalog/pages/scraper-page').then((m) => ({ Component: m.ScraperPage })),
      'Scraper',
    ),
    page('/catalog/:id', () => import('./catalog/config-detail-route').then((m) => ({ Component: m.ConfigDetailRoute })), 'Config'),
    page('/catalog/:id/:tab', () => import('./catalog/config-detail-route').then((m) => ({ Component: m.ConfigDetailRoute })), 'Config'),
  ];
}

/** The dashboard of topology components: read on topologies, behind the 'topology' flag. */
function topologyRoutes(): AppRoute[] {
  const load = () => import('./topology/topology-route').then((m) => ({ Component: m.TopologyRoute }));
  return [
    { path: '/topology', resource: 'topologies', feature: 'topology', lazy: load },
    { path: '/topology/:id', resource: 'topologies', feature: 'topology', title: 'Dashboard', lazy: load },
  ];
}

/** The playbooks area: read on playbooks, behind the 'playbooks' flag; /playbooks/{id} is that playbook's runs. */
function playbookRoutes(): AppRoute[] {
  const page = (path: string, title: string, load: () => Promise<{ Component: ComponentType }>): AppRoute => ({
    path,
    resource: 'playbooks',
    feature: 'playbooks',
    title,
    lazy: load,
  });
  const runs = () => import('../features/playbooks/pages/playbook-runs-page').then((m) => ({ Component: m.PlaybookRunsPage }));
  return [
    page('/playbooks', 'Playbooks', () =>
      import('../features/playbooks/pages/playbooks-page').then((m) => ({ Component: m.PlaybooksPage })),
    ),
    page('/playbooks/runs', 'Playbook Runs', runs),
    page('/playbooks/runs/:id', 'Playbook Run', () =>
      import('../features/playbooks/pages/playbook-run-page').then((m) => ({ Component: m.PlaybookRunPage })),
    ),
    page('/playbooks/approvals', 'Approvals', () =>
      import('../features/playbooks/pages/playbook-approvals-page').then((m) => ({ Component: m.PlaybookApprovalsPage })),
    ),
    page('/playbooks/:id', 'Playbook Runs', runs),
  ];
}
