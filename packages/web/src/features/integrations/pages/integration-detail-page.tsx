import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { EmptyState, PageHeader } from '../../../components/ui';
import { isIntegrationType } from '../api/integration-types';

/** The trail back to the list, for every integration detail page. */
export const INTEGRATION_CRUMBS = [{ label: 'Settings' }, { label: 'Integrations', to: '/settings/integrations' }] as const;

// Kinds whose tables and engines are not built yet: they never appear in the list until then.
const NOT_BUILT: Record<string, string> = { topologies: 'Topologies', logging_backends: 'Log backends' };

export interface IntegrationDetailPageProps {
  /** The scraper's Spec and Job History tabs, returning to /settings/integrations after a save or delete. */
  renderScraper: (id: string) => ReactNode;
}

/** /settings/integrations/{type}/{id}: the integration's own editor by type, or 'Unknown type'. */
export function IntegrationDetailPage({ renderScraper }: IntegrationDetailPageProps) {
  const { type, id = '' } = useParams();
  if (type === 'scrapers') return <>{renderScraper(id)}</>;
  if (isIntegrationType(type)) {
    const what = NOT_BUILT[type] ?? type;
    return (
      <>
        <PageHeader title={what} breadcrumbs={INTEGRATION_CRUMBS} />
        <EmptyState title={`${what} are not available yet`} description="This kind of integration cannot be viewed or edited here yet." />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Integration" breadcrumbs={INTEGRATION_CRUMBS} />
      <EmptyState title="Unknown type" description={`'${type ?? ''}' is not a kind of integration.`} />
    </>
  );
}
