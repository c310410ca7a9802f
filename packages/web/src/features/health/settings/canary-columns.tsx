import type { CanaryWithStatusRow } from '@ops/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { DateCell, PersonCell } from '../../../components/data-table';
import { Badge } from '../../../components/ui';
import type { JobHistoryRow } from '../../../lib/job-history-row';
import type { PersonRef } from '../api/canary-api';
import { JobStatusCell } from './job-status';

/** A canary row with what the list joins in: its latest job, last failed run and creator. */
export interface CanaryListRow extends CanaryWithStatusRow {
  job?: JobHistoryRow;
  lastFailed?: string;
  creator?: PersonRef;
}

/** Tags: the first label as key: value plus '+N more'. */
export function TagsCell({ labels }: { labels: Record<string, string> | null | undefined }) {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return null;
  const [k, v] = entries[0]!;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap" title={entries.map(([a, b]) => `${a}: ${b}`).join('\n')}>
      <Badge variant="outline" className="font-normal">
        {k}: {v}
      </Badge>
      {entries.length > 1 && <span className="text-xs text-muted-foreground">+{entries.length - 1} more</span>}
    </span>
  );
}

/** Columns of /settings/canaries: the settings resource-table columns without Namespace. */
export const CANARY_COLUMNS: ColumnDef<CanaryListRow, unknown>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
  { id: 'source', header: 'Source', cell: ({ row }) => row.original.source ?? '' },
  { id: 'schedule', header: 'Schedule', cell: ({ row }) => <code className="text-xs">{row.original.schedule}</code> },
  { id: 'job_status', header: 'Job Status', cell: ({ row }) => <JobStatusCell job={row.original.job} /> },
  {
    id: 'last_runtime',
    header: 'Last Run',
    cell: ({ row }) => <DateCell value={row.original.last_runtime ?? row.original.job?.time_start} />,
  },
  { id: 'last_failed', header: 'Last Failed', cell: ({ row }) => <DateCell value={row.original.lastFailed} /> },
  { id: 'tags', header: 'Tags', cell: ({ row }) => <TagsCell labels={row.original.labels} /> },
  { id: 'created_at', header: 'Created', cell: ({ row }) => <DateCell value={row.original.created_at} /> },
  { id: 'updated_at', header: 'Updated', cell: ({ row }) => <DateCell value={row.original.updated_at} /> },
  { id: 'created_by', header: 'Created By', cell: ({ row }) => <PersonCell person={row.original.creator} /> },
];
