import { lazy, Suspense } from 'react';
import { ScraperPage } from '../../features/catalog/pages/scraper-page';
import { INTEGRATION_CRUMBS, IntegrationDetailPage } from '../../features/integrations/pages/integration-detail-page';
import { RESOURCE_TABLES } from '../../features/settings-resources/resource-tables';
import { Spinner } from '../../components/ui';
import { PATHS } from '../paths';
import { RESOURCE_PARTS } from '../settings-resources/resource-parts';

// A topology or log backend opens its settings editor (Spec and Job History tabs), loaded on first use.
function specPage(path: 'topologies' | 'logging_backends') {
  const table = RESOURCE_TABLES.find((t) => t.path === path)!;
  return lazy(() =>
    Promise.all([import('../../features/settings-resources/pages/resource-edit-page'), RESOURCE_PARTS[path]()]).then(
      ([{ ResourceEditPage }, parts]) => ({
        default: () => (
          <ResourceEditPage table={table} parts={parts} returnTo={PATHS.settings.integrations} breadcrumbs={INTEGRATION_CRUMBS} />
        ),
      }),
    ),
  );
}
const SPEC_PAGES = { topologies: specPage('topologies'), logging_backends: specPage('logging_backends') };

/** /settings/integrations/{type}/{id}: a scraper is the catalogue's own scraper page; topologies and log backends their editors. */
export function IntegrationDetailRoute() {
  return (
    <IntegrationDetailPage
      renderScraper={(id) => <ScraperPage key={id} id={id} breadcrumbs={INTEGRATION_CRUMBS} returnTo={PATHS.settings.integrations} />}
      renderSpec={(type, id) => {
        const Page = SPEC_PAGES[type];
        return (
          <Suspense fallback={<Spinner size="lg" />}>
            <Page key={id} />
          </Suspense>
        );
      }}
    />
  );
}
