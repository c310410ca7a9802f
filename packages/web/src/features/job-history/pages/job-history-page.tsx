import { resolveTimeRange } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { useTriStateUrl, useUrlParams } from '../../../components/filters';
import { useTimeRangeParams } from '../../../components/time-range';
import { PageHeader } from '../../../components/ui';
import { jobDetailTabs } from '../api/job-details';
import { listJobHistories } from '../api/job-history-api';
import { jobHistoryParams } from '../api/job-history-query';
import { DEFAULT_STATUS_FILTER, JOB_HISTORY_DEFAULT_SORT, JOB_HISTORY_PAGE_SIZE, type JobHistory } from '../api/job-history-types';
import { JobDetailsDialog } from '../components/job-details-dialog';
import { jobHistoryColumns } from '../components/job-history-columns';
import { JOB_DEFAULT_RANGE, JOB_FILTER_PARAMS, JobHistoryFilters } from '../components/job-history-filters';

const RESET = ['pageIndex'] as const;

/** /settings/jobs: background job runs, filtered and server-paged, with a detail dialog per run. */
export function JobHistoryPage() {
  const table = useTableUrlState({ defaults: { pageSize: JOB_HISTORY_PAGE_SIZE, sortBy: JOB_HISTORY_DEFAULT_SORT, sortOrder: 'desc' } });
  const [params] = useUrlParams();
  const [status] = useTriStateUrl(JOB_FILTER_PARAMS.status, DEFAULT_STATUS_FILTER, RESET);
  const range = useTimeRangeParams({ defaultRange: JOB_DEFAULT_RANGE, resetParams: RESET });
  const [selected, setSelected] = useState<JobHistory | null>(null);

  // The filters without the time window: the window is resolved when the request is made, so a
  // refetch (refresh button) of 'Last 2 days' really ends now.
  const filters = useMemo(
    () => ({
      name: params.get(JOB_FILTER_PARAMS.name) ?? undefined,
      resourceType: params.get(JOB_FILTER_PARAMS.resourceType) ?? undefined,
      resourceId: params.get('resourceId') ?? undefined,
      status,
      duration: params.get(JOB_FILTER_PARAMS.duration) ?? undefined,
    }),
    [params, status],
  );
  const timeRange = range.range;

  const jobs = useQuery({
    queryKey: ['job_histories', filters, timeRange, table.query],
    queryFn: ({ signal }) => {
      const window = timeRange ? resolveTimeRange(timeRange, new Date()) : undefined;
      const query = jobHistoryParams({ ...filters, fromIso: window?.from.toISOString(), toIso: window?.to.toISOString() }, table.query);
      return listJobHistories(query, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title="Jobs History" breadcrumbs={[{ label: 'Settings' }]} />
      <JobHistoryFilters />
      <DataTable
        label="Job history"
        className="flex-1"
        columns={jobHistoryColumns}
        data={jobs.data?.data}
        total={jobs.data?.total}
        state={table}
        isLoading={jobs.isPending}
        isFetching={jobs.isFetching}
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        getRowId={(j) => j.id}
        onRowClick={(job) => {
          // No dialog when none of the detail tabs has content (spec 3).
          if (jobDetailTabs(job).length) setSelected(job);
        }}
      />
      <JobDetailsDialog job={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
