import { FileSearch } from 'lucide-react';
import type { ResourceTable } from './resource-table';

/** Most tables show neither schedule nor namespace. */
const HIDE_SCHEDULE_AND_NAMESPACE = ['schedule', 'namespace'] as const;

/**
 * The settings resource tables built so far, each at /settings/{path} and /settings/{path}/{id}. Incident rules
 * and notifications join as their tables arrive.
 */
export const RESOURCE_TABLES = [
  {
    path: 'canaries',
    table: 'canaries',
    listRelation: 'canaries_with_status',
    title: 'Health',
    singular: 'Health Check',
    resource: 'canaries',
    feature: 'settings.health',
    hiddenColumns: ['namespace'],
    tabs: ['spec', 'jobHistory'],
    defaultSort: { by: 'created_at', order: 'desc' },
    jobDetails: 'details',
  },
  {
    path: 'teams',
    table: 'teams',
    listRelation: 'teams_with_status',
    title: 'Teams',
    singular: 'Team',
    resource: 'database',
    feature: 'settings.teams',
    // Teams have no labels, so no Tags either.
    hiddenColumns: [...HIDE_SCHEDULE_AND_NAMESPACE, 'tags'],
    tabs: ['spec', 'manageTeam', 'jobHistory'],
    defaultSort: { by: 'name', order: 'asc' },
    jobDetails: 'details',
    afterCreateTab: 'manageTeam',
  },
  {
    path: 'scrapers',
    table: 'config_scrapers',
    listRelation: 'config_scrapers_with_status',
    title: 'Scrapers',
    singular: 'Scraper',
    resource: 'config_scrapers',
    feature: 'settings.config_scraper',
    hiddenColumns: HIDE_SCHEDULE_AND_NAMESPACE,
    tabs: ['spec', 'jobHistory'],
    defaultSort: { by: 'created_at', order: 'desc' },
    icon: FileSearch,
    jobDetails: 'scrape_summary',
    // The scraper editor saves through apply, so what it wrote comes back with source 'apply'.
    editableSources: ['UI', 'apply'],
  },
  {
    path: 'topologies',
    table: 'topologies',
    listRelation: 'topologies_with_status',
    title: 'Topology',
    singular: 'Topology',
    resource: 'topologies',
    feature: 'settings.topology',
    hiddenColumns: ['schedule'],
    tabs: ['spec', 'jobHistory'],
    defaultSort: { by: 'created_at', order: 'desc' },
    jobDetails: 'details',
  },
  {
    path: 'logging_backends',
    table: 'logging_backends',
    listRelation: 'logging_backends_with_status',
    title: 'Log Backends',
    singular: 'Log Backend',
    resource: 'logging_backends',
    feature: 'settings.logging_backends',
    // Backends are queried on demand: no schedule, no namespace and no runs to show.
    hiddenColumns: [...HIDE_SCHEDULE_AND_NAMESPACE, 'job_status', 'last_run', 'last_failed'],
    tabs: ['spec', 'jobHistory'],
    defaultSort: { by: 'created_at', order: 'desc' },
    jobDetails: 'details',
  },
] as const satisfies readonly ResourceTable[];

/** The key of a table above (its path). */
export type ResourceTableKey = (typeof RESOURCE_TABLES)[number]['path'];

/**
 * /settings/properties lands on the Feature Flags page: it already lists, adds, edits and deletes the
 * properties table with their values, which a generic list (name, source, dates) would only repeat.
 */
export const RESOURCE_REDIRECTS = [
  { path: 'properties', to: '/settings/feature-flags', resource: 'properties', feature: 'settings.feature_flags', title: 'Feature Flags' },
] as const;
