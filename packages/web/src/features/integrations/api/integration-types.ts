import type { DbRow } from '@ops/shared';

/** The kinds of integration and the table each lives in (logging_backends, topologies, config_scrapers). */
export const INTEGRATION_TYPES = ['logging_backends', 'topologies', 'scrapers'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** One row of integrations_with_status: a scraper, topology or log backend with its latest run. */
export type IntegrationRow = Omit<DbRow<'integrations_with_status'>, 'job_details'> & {
  job_details: Record<string, unknown> | null;
};

/** Whether a URL segment names a kind of integration. */
export function isIntegrationType(value: string | undefined): value is IntegrationType {
  return (INTEGRATION_TYPES as readonly string[]).includes(value ?? '');
}

/** Where a row of the list opens: /settings/integrations/{type}/{id}. */
export function integrationPath(row: Pick<IntegrationRow, 'integration_type' | 'id'>): string {
  return `/settings/integrations/${row.integration_type ?? 'unknown'}/${row.id}`;
}
