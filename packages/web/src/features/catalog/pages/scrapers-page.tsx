import type { ConfigScraperWithStatusRow } from '@ops/shared';
import { MESSAGES } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { buttonClasses, EmptyState, ErrorState, PageHeader } from '../../../components/ui';
import { usePermissions } from '../../../lib/use-whoami';
import { catalogKeys } from '../api/catalog-keys';
import { listScrapers, peopleNames } from '../api/scrapers-api';
import { CatalogTabs } from '../components/catalog-tabs';
import { Loading } from '../components/loading';
import { CATALOG_ROW_ESTIMATE_PX, CATALOG_ROW_OVERSCAN } from '../lib/catalog-constants';
import { JobDetailsDialog } from '../scrapers/job-details-dialog';
import { scraperColumns } from '../scrapers/scraper-columns';

/** /catalog/scrapers: the scrapers with their last run, an add button (write permission) and a table. */
export function ScrapersPage() {
  const navigate = useNavigate();
  const perms = usePermissions();
  const scrapers = useQuery({ queryKey: catalogKeys.scrapers, queryFn: ({ signal }) => listScrapers(signal), staleTime: 0 });
  const creators = useMemo(
    () => [...new Set((scrapers.data ?? []).map((s) => s.created_by).filter((id): id is string => !!id))],
    [scrapers.data],
  );
  const people = useQuery({
    queryKey: ['catalog', 'people', creators],
    queryFn: ({ signal }) => peopleNames(creators, signal),
    enabled: creators.length > 0,
  });
  const [details, setDetails] = useState<ConfigScraperWithStatusRow | null>(null);
  const columns = useMemo(() => scraperColumns(people.data ?? new Map(), setDetails), [people.data]);
  const add = perms.can('config_scrapers', 'write') ? (
    <Link to="/catalog/scrapers/new" className={buttonClasses('primary', 'sm')}>
      <Plus aria-hidden /> Add Scraper
    </Link>
  ) : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title="Scrapers" breadcrumbs={[{ label: 'Catalog', to: '/catalog' }]} actions={add} />
      <CatalogTabs />
      {scrapers.isPending ? (
        <Loading />
      ) : scrapers.error ? (
        <ErrorState error={scrapers.error} onRetry={() => void scrapers.refetch()} />
      ) : scrapers.data.length === 0 ? (
        <EmptyState title={MESSAGES.noResources} />
      ) : (
        <DataTable
          mode="virtual"
          rowEstimatePx={CATALOG_ROW_ESTIMATE_PX}
          overscan={CATALOG_ROW_OVERSCAN}
          label="Scrapers"
          columns={columns}
          data={scrapers.data}
          getRowId={(r) => r.id}
          onRowClick={(r) => void navigate(`/catalog/scrapers/${r.id}`)}
        />
      )}
      <JobDetailsDialog name={details ? details.name : null} details={details?.job_details} onClose={() => setDetails(null)} />
    </div>
  );
}
