import { resolveTimeRange } from '@ops/shared';
import { useMemo, useState } from 'react';
import { useTriStateUrl, useUrlParams } from '../../../components/filters';
import { JobDetailsDialog, JobHistoryTable, jobDetailTabs } from '../../../components/job-history';
import { useTimeRangeParams } from '../../../components/time-range';
import { PageHeader } from '../../../components/ui';
import type { JobHistoryRow } from '../../../lib/job-history-row';
import { listJobHistories } from '../api/job-history-api';
import { jobHistoryParams } from '../api/job-history-query';
import { DEFAULT_STATUS_FILTER, JOB_HISTORY_DEFAULT_SORT, JOB_HISTORY_PAGE_SIZE } from '../api/job-history-types';
import { jobHistoryColumns } from '../components/job-history-columns';
import { JOB_DEFAULT_RANGE, JOB_FILTER_PARAMS, JobHistoryFilters } from '../components/job-history-filters';

const RESET = ['pageIndex'] as const;
const URL_STATE = { defaults: { pageSize: JOB_HISTORY_PAGE_SIZE, sortBy: JOB_HISTORY_DEFAULT_SORT, sortOrder: 'desc' as const } };

/** /settings/jobs: background job runs, filtered and server-paged, with a detail dialog per run. */
export function JobHistoryPage() {
  const [params] = useUrlParams();
  const [status] = useTriStateUrl(JOB_FILTER_PARAMS.status, DEFAULT_STATUS_FILTER, RESET);
  const range = useTimeRangeParams({ defaultRange: JOB_DEFAULT_RANGE, resetParams: RESET });
  const [selected, setSelected] = useState<JobHistoryRow | null>(null);

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

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title="Jobs History" breadcrumbs={[{ label: 'Settings' }]} />
      <JobHistoryFilters />
      <JobHistoryTable
        className="flex-1"
        urlState={URL_STATE}
        columns={jobHistoryColumns}
        queryKey={['job_histories', filters, timeRange]}
        fetchPage={(page, signal) => {
          const window = timeRange ? resolveTimeRange(timeRange, new Date()) : undefined;
          const query = jobHistoryParams({ ...filters, fromIso: window?.from.toISOString(), toIso: window?.to.toISOString() }, page);
          return listJobHistories(query, signal);
        }}
        onRowClick={(job) => {
          // No dialog when none of the detail tabs has content.
          if (jobDetailTabs(job).length) setSelected(job);
        }}
      />
      <JobDetailsDialog job={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
