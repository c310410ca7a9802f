import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { EmptyState, PageHeader } from '../../../components/ui';
import { isIntegrationType } from '../api/integration-types';

/** The trail back to the list, for every integration detail page. */
export const INTEGRATION_CRUMBS = [{ label: 'Settings' }, { label: 'Integrations', to: '/settings/integrations' }] as const;

export interface IntegrationDetailPageProps {
  /** The scraper's Spec and Job History tabs, returning to /settings/integrations after a save or delete. */
  renderScraper: (id: string) => ReactNode;
  /** A topology's or log backend's Spec and Job History tabs (its settings editor), returning likewise. */
  renderSpec: (type: 'topologies' | 'logging_backends', id: string) => ReactNode;
}

/** /settings/integrations/{type}/{id}: the integration's own editor by type, or 'Unknown type'. */
export function IntegrationDetailPage({ renderScraper, renderSpec }: IntegrationDetailPageProps) {
  const { type, id = '' } = useParams();
  if (type === 'scrapers') return <>{renderScraper(id)}</>;
  if (isIntegrationType(type) && type !== 'scrapers') return <>{renderSpec(type, id)}</>;
  return (
    <>
      <PageHeader title="Integration" breadcrumbs={INTEGRATION_CRUMBS} />
      <EmptyState title="Unknown type" description={`'${type ?? ''}' is not a kind of integration.`} />
    </>
  );
}
