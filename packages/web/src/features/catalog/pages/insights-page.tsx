import { PageHeader } from '../../../components/ui';
import { CatalogTabs } from '../components/catalog-tabs';
import { InsightsView } from '../insights/insights-view';

/** /catalog/insights: every insight with the Type, Severity and Analyzer filters. */
export function InsightsPage() {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title="Insights" breadcrumbs={[{ label: 'Catalog', to: '/catalog' }]} />
      <CatalogTabs />
      <InsightsView />
    </div>
  );
}
