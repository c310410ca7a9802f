import { formatDuration } from '@ops/shared';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { JobHistoryRow } from '../../lib/job-history-row';
import { DateCell } from '../data-table';
import { JobStatusBadge } from './job-status-badge';

const col = createColumnHelper<JobHistoryRow>();

/**
 * Columns of a resource's Job History tab (canary, scraper, team): newest first, not sortable.
 * `name: false` leaves out Job Name where every run has the same one (scrapers).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own ColumnDef<T, any> idiom
export function jobHistoryTabColumns({ name = true }: { name?: boolean } = {}): ColumnDef<JobHistoryRow, any>[] {
  const columns = [
    col.accessor('status', { id: 'status', header: 'Status', enableSorting: false, cell: (c) => <JobStatusBadge status={c.getValue()} /> }),
    col.accessor('time_start', {
      id: 'time_start',
      header: 'Time Start',
      enableSorting: false,
      cell: (c) => <DateCell value={c.getValue()} />,
    }),
    col.accessor('duration_millis', {
      id: 'duration',
      header: 'Duration',
      enableSorting: false,
      cell: (c) => formatDuration(c.getValue()),
    }),
    col.accessor('success_count', { id: 'success', header: 'Success', enableSorting: false, meta: { className: 'tabular-nums' } }),
    col.accessor('error_count', { id: 'errors', header: 'Errors', enableSorting: false, meta: { className: 'tabular-nums' } }),
    col.display({
      id: 'details',
      header: 'Details',
      cell: (c) => <span className="line-clamp-2 text-destructive">{(c.row.original.errors ?? []).join('; ')}</span>,
    }),
  ];
  if (!name) return columns;
  return [col.accessor('name', { id: 'name', header: 'Job Name', enableSorting: false }), ...columns];
}
