import type { FeatureKey } from '@ops/shared';
import { FileSearch, FileText, Network, type LucideIcon } from 'lucide-react';

/** The areas an integration can be added to directly, each a kind of integration. */
export type DirectArea = 'topologies' | 'scrapers' | 'logging_backends';

/** An 'Add Directly' choice: a link to the area's own new-resource page. */
export interface DirectOption {
  area: DirectArea;
  label: string;
  description: string;
  path: string;
  icon: LucideIcon;
  /** Hidden when this flag turns the target area off. */
  feature: FeatureKey;
}

/** In display order. Options of areas not built yet are left out by the page (see IntegrationsPage's builtAreas). */
export const DIRECT_OPTIONS: readonly DirectOption[] = [
  {
    area: 'topologies',
    label: 'Custom Topology',
    description: 'A topology of components built from checks, configs and lookups',
    path: '/settings/topologies/new',
    icon: Network,
    feature: 'settings.topology',
  },
  {
    area: 'scrapers',
    label: 'Catalog Scraper',
    description: 'A ScrapeConfig that fills the catalog from files, HTTP, SQL or Kubernetes',
    path: '/catalog/scrapers/new',
    icon: FileSearch,
    feature: 'config',
  },
  {
    area: 'logging_backends',
    label: 'Log Backends',
    description: 'Where logs are searched from',
    path: '/settings/logging_backends/new',
    icon: FileText,
    feature: 'logs',
  },
];
