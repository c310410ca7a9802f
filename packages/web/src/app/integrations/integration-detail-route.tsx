import { ScraperPage } from '../../features/catalog/pages/scraper-page';
import { INTEGRATION_CRUMBS, IntegrationDetailPage } from '../../features/integrations/pages/integration-detail-page';
import { PATHS } from '../paths';

/** /settings/integrations/{type}/{id}: a scraper is the catalogue's own scraper page, returning to the list. */
export function IntegrationDetailRoute() {
  return (
    <IntegrationDetailPage
      renderScraper={(id) => <ScraperPage key={id} id={id} breadcrumbs={INTEGRATION_CRUMBS} returnTo={PATHS.settings.integrations} />}
    />
  );
}
