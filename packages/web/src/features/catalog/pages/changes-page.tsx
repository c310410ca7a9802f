import { PageHeader } from '../../../components/ui';
import { ChangesView } from '../changes/changes-view';
import { CatalogTabs } from '../components/catalog-tabs';

/** /catalog/changes: every catalogue change, filtered and paged on the server. */
export function ChangesPage() {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title="Changes" breadcrumbs={[{ label: 'Catalog', to: '/catalog' }]} />
      <CatalogTabs />
      <ChangesView />
    </div>
  );
}
