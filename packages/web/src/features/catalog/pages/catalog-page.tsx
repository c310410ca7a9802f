import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui';
import { CatalogFilterBar } from '../components/catalog-filter-bar';
import { PreferencesMenu } from '../components/catalog-preferences';
import { CatalogTabs } from '../components/catalog-tabs';
import { ConfigListView } from '../components/config-list-view';
import { SummaryView } from '../components/summary-view';
import { readCatalogFilters, showsSummary } from '../lib/catalog-params';
import { HIDE_DELETED_CATALOG_KEY, useHideDeletedCatalog } from '../lib/use-hide-deleted';

/** The catalogue preferences: 'Hide Deleted Catalog', stored as yes or no, default yes. */
export const CATALOG_PREFERENCES = [{ storageKey: HIDE_DELETED_CATALOG_KEY, label: 'Hide Deleted Catalog' }] as const;

/** /catalog: the summary grouped table, or the flat virtualised list once a type or search is set. */
export function CatalogPage() {
  const [params] = useSearchParams();
  const filters = useMemo(() => readCatalogFilters(params), [params]);
  const [hideDeleted] = useHideDeletedCatalog();
  const summary = showsSummary(filters);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title="Catalog" actions={<PreferencesMenu toggles={CATALOG_PREFERENCES} />} />
      <CatalogTabs />
      <CatalogFilterBar filters={filters} summary={summary} />
      {summary ? (
        <SummaryView filters={filters} hideDeleted={hideDeleted} />
      ) : (
        <ConfigListView filters={filters} hideDeleted={hideDeleted} />
      )}
    </div>
  );
}
