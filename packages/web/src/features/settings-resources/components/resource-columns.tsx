import type { ColumnDef } from '@tanstack/react-table';
import { DateCell, PersonCell } from '../../../components/data-table';
import type { JobDetailsSource } from '../../../components/job-history';
import { SORTABLE_COLUMNS, type ResourceListRow } from '../api/resource-list-api';
import { latestJob } from '../lib/latest-job';
import { visibleColumns } from '../lib/table-rules';
import type { ResourceColumn, ResourceTable } from '../resource-table';
import { JobStatusCell } from './job-status-cell';
import { TagsCell } from './tags-cell';

type Column = ColumnDef<ResourceListRow, unknown>;

/** Every column a list can show; a column's id is the server column it sorts by. */
function allColumns(
  table: Pick<ResourceTable, 'icon' | 'jobDetails'>,
  onDetails: (job: JobDetailsSource) => void,
): Record<ResourceColumn, Column> {
  const Icon = table.icon;
  const text = (value: string | null | undefined) => value ?? '';
  return {
    name: {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2 whitespace-nowrap font-medium">
          {Icon && <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
          {row.original.name}
        </span>
      ),
    },
    source: { id: 'source', header: 'Source', cell: ({ row }) => text(row.original.source) },
    schedule: { id: 'schedule', header: 'Schedule', cell: ({ row }) => <code className="text-xs">{row.original.schedule}</code> },
    namespace: { id: 'namespace', header: 'Namespace', cell: ({ row }) => text(row.original.namespace) },
    job_status: {
      id: 'job_status',
      header: 'Job Status',
      cell: ({ row }) => {
        const job = latestJob(table, row.original);
        return row.original.job_status ? (
          <JobStatusCell status={row.original.job_status} job={job} onDetails={() => job && onDetails(job)} />
        ) : null;
      },
    },
    last_run: { id: 'last_run', header: 'Last Run', cell: ({ row }) => <DateCell value={row.original.job_time_start} /> },
    last_failed: { id: 'last_failed', header: 'Last Failed', cell: ({ row }) => <DateCell value={row.original.job_last_failed} /> },
    tags: { id: 'tags', header: 'Tags', cell: ({ row }) => <TagsCell labels={row.original.labels} /> },
    created_at: { id: 'created_at', header: 'Created', cell: ({ row }) => <DateCell value={row.original.created_at} /> },
    updated_at: { id: 'updated_at', header: 'Updated', cell: ({ row }) => <DateCell value={row.original.updated_at} /> },
    created_by: { id: 'created_by', header: 'Created By', cell: ({ row }) => <PersonCell person={row.original.created_by} /> },
  };
}

/** The columns of a table's list in display order, without its hidden ones; only the row's own columns sort. */
export function resourceColumns(
  table: Pick<ResourceTable, 'icon' | 'jobDetails' | 'hiddenColumns'>,
  onDetails: (job: JobDetailsSource) => void,
): Column[] {
  const all = allColumns(table, onDetails);
  return visibleColumns(table).map((c): Column => {
    if (!SORTABLE_COLUMNS.has(c)) return { ...all[c], enableSorting: false };
    // TanStack sorts only accessor columns; the value itself is never read (the server sorts).
    const meta = c === 'created_at' || c === 'updated_at' ? { firstSortOrder: 'desc' as const } : undefined;
    return { ...all[c], accessorFn: (row) => row[c as keyof ResourceListRow], meta };
  });
}
