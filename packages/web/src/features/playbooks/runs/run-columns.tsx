import { createColumnHelper } from '@tanstack/react-table';
import { DateCell, PersonCell } from '../../../components/data-table';
import type { PlaybookRunListRow } from '../api/runs-api';
import { formatRunDuration, runDurationMs } from '../lib/run-times';
import { PlaybookIcon } from '../pages/playbook-icon';
import { RunStatusBadge, triggerLabel } from './run-status-badge';

const col = createColumnHelper<PlaybookRunListRow>();

/** The resource a run was for: its component, config item or check, with its kind underneath. */
export function runResource(row: Pick<PlaybookRunListRow, 'component' | 'config' | 'check'>): { name: string; kind: string } | undefined {
  if (row.component) return { name: row.component.name, kind: row.component.type ?? 'Component' };
  if (row.config) return { name: row.config.name ?? row.config.type ?? 'config', kind: row.config.type ?? 'Config' };
  if (row.check) return { name: row.check.name, kind: row.check.type ?? 'Check' };
  return undefined;
}

/** Who started a run: the person, else what triggered it (schedule, webhook, config.updated, …). */
function TriggeredBy({ row }: { row: PlaybookRunListRow }) {
  if (row.created_by) return <PersonCell person={row.created_by} />;
  return <span className="text-muted-foreground">{triggerLabel(row.trigger)}</span>;
}

/** Columns of the runs list; ids are the playbook_runs columns they sort by. */
export const runColumns = [
  col.accessor('playbook_id', {
    header: 'Playbook',
    enableSorting: false,
    cell: (c) => (
      <span className="flex min-w-0 items-center gap-2">
        <PlaybookIcon icon={c.row.original.playbooks?.icon} className="size-4" />
        <span className="truncate font-medium">{c.row.original.playbooks?.title ?? c.getValue()}</span>
      </span>
    ),
  }),
  col.display({
    id: 'resource',
    header: 'Resource',
    cell: (c) => {
      const resource = runResource(c.row.original);
      if (!resource) return null;
      return (
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="truncate">{resource.name}</span>
          <span className="text-xs text-muted-foreground">{resource.kind}</span>
        </span>
      );
    },
  }),
  col.accessor('status', { header: 'Status', cell: (c) => <RunStatusBadge status={c.getValue()} /> }),
  col.accessor('start_time', { header: 'Started', meta: { firstSortOrder: 'desc' }, cell: (c) => <DateCell value={c.getValue()} /> }),
  col.display({
    id: 'duration',
    header: 'Duration',
    meta: { className: 'whitespace-nowrap tabular-nums' },
    cell: (c) => formatRunDuration(runDurationMs(c.row.original)),
  }),
  col.display({ id: 'created_by', header: 'Triggered By', cell: (c) => <TriggeredBy row={c.row.original} /> }),
];
