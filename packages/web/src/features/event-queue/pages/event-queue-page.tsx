import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, useTableUrlState } from '../../../components/data-table';
import { PageHeader } from '../../../components/ui';
import { EVENT_QUEUE_DEFAULT_SORT, listEventQueueSummary } from '../api/event-queue-api';
import { eventQueueColumns } from '../components/event-queue-columns';

/** /settings/event-queue (and /settings/event-queue-status): pending and failed events per name. */
export function EventQueuePage() {
  const table = useTableUrlState({ defaults: { sortBy: EVENT_QUEUE_DEFAULT_SORT, sortOrder: 'desc' } });
  const summary = useQuery({
    queryKey: ['event_queue_summary', table.query],
    queryFn: ({ signal }) => listEventQueueSummary(table.query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title="Event Queue Status" breadcrumbs={[{ label: 'Settings' }]} />
      <DataTable
        label="Event queue status"
        className="flex-1"
        columns={eventQueueColumns}
        data={summary.data?.data}
        total={summary.data?.total}
        state={table}
        isLoading={summary.isPending}
        isFetching={summary.isFetching}
        error={summary.error}
        onRetry={() => void summary.refetch()}
        getRowId={(r) => r.name}
      />
    </div>
  );
}
