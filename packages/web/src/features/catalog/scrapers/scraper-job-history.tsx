import { formatDuration } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable, DateCell, useTableUrlState } from '../../../components/data-table';
import { catalogKeys } from '../api/catalog-keys';
import { scraperJobHistory, type ScraperJob } from '../api/scrapers-api';
import { JobDetailsDialog } from './job-details-dialog';
import { JobStatusBadge } from './job-status-badge';

const col = createColumnHelper<ScraperJob>();
const COLUMNS = [
  col.accessor('status', { id: 'status', header: 'Status', enableSorting: false, cell: (c) => <JobStatusBadge status={c.getValue()} /> }),
  col.accessor('time_start', {
    id: 'time_start',
    header: 'Time Start',
    enableSorting: false,
    cell: (c) => <DateCell value={c.getValue()} />,
  }),
  col.accessor('duration_millis', {
    id: 'duration_millis',
    header: 'Duration',
    enableSorting: false,
    cell: (c) => formatDuration(c.getValue()),
  }),
  col.accessor('success_count', { id: 'success_count', header: 'Success', enableSorting: false, meta: { className: 'tabular-nums' } }),
  col.accessor('error_count', { id: 'error_count', header: 'Errors', enableSorting: false, meta: { className: 'tabular-nums' } }),
  col.display({
    id: 'errors',
    header: 'Details',
    cell: (c) => <span className="line-clamp-2 text-destructive">{(c.row.original.errors ?? []).join('; ')}</span>,
  }),
];

const NAMES = { pageIndex: 'jobPageIndex', pageSize: 'jobPageSize', sortBy: 'jobSortBy', sortOrder: 'jobSortOrder' };

/** The Job History tab of a scraper: its runs, newest first, paged on the server; a row opens the run's summary. */
export function ScraperJobHistory({ scraperId }: { scraperId: string }) {
  const table = useTableUrlState({ names: NAMES });
  const page = { limit: table.query.limit, offset: table.query.offset };
  const [open, setOpen] = useState<ScraperJob | null>(null);
  const jobs = useQuery({
    queryKey: catalogKeys.scraperJobs(scraperId, page),
    queryFn: ({ signal }) => scraperJobHistory(scraperId, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <>
      <DataTable
        label="Job history"
        className="min-h-64"
        columns={COLUMNS}
        data={jobs.data?.data}
        total={jobs.data?.total}
        state={table}
        isLoading={jobs.isPending}
        isFetching={jobs.isFetching}
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        getRowId={(r) => r.id}
        onRowClick={setOpen}
      />
      <JobDetailsDialog name={open ? open.name : null} details={open?.details} errors={open?.errors} onClose={() => setOpen(null)} />
    </>
  );
}
