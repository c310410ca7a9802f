import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui';
import { catalogKeys } from '../api/catalog-keys';
import { fetchCatalogSummary } from '../api/summary-api';
import { summaryRequest, type CatalogFilters } from '../lib/catalog-params';
import { rowClickParams } from '../lib/summary-groups';
import { Loading } from './loading';
import { SummaryTable } from './summary-table';

/** The summary grouped table of /catalog (POST /api/catalog/summary); a row click switches to its flat list. */
export function SummaryView({ filters, hideDeleted }: { filters: CatalogFilters; hideDeleted: boolean }) {
  const [params, setParams] = useSearchParams();
  const request = useMemo(() => summaryRequest(filters, hideDeleted), [filters, hideDeleted]);
  const summary = useQuery({
    queryKey: catalogKeys.summary(request),
    queryFn: ({ signal }) => fetchCatalogSummary(request, signal),
    placeholderData: keepPreviousData,
  });
  if (summary.isPending) return <Loading />;
  if (summary.error && !summary.data) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  const rows = summary.data?.rows ?? [];
  if (rows.length === 0)
    return <EmptyState title="No result" description="No config items match these filters yet. Add a scraper to fill the catalog." />;
  return (
    <SummaryTable
      rows={rows}
      groupBy={summary.data?.groupBy ?? filters.groupBy}
      // Pushes a history entry: Back returns from the type's list to the summary.
      onRowClick={(row) => setParams(rowClickParams(row, summary.data?.groupBy ?? filters.groupBy, params))}
    />
  );
}
