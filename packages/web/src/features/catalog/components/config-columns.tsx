import type { ConfigItemRow } from '@ops/shared';
import { createColumnHelper } from '@tanstack/react-table';
import { DateCell } from '../../../components/data-table/cells';
import { AnalysisCountsCell, ChangesCount, CostCell } from './count-cells';
import { ConfigTypeLabel } from './config-type';
import { HealthBadge } from './health-badge';
import { TagChips } from './tag-chips';

const col = createColumnHelper<ConfigItemRow>();

/**
 * Columns of the flat catalogue list: type, name, status, health, labels and tags, created and
 * updated, cost 1 d / 7 d / 30 d, changes, analysis counts by type, agent. Ids are the server sort columns.
 */
export const CONFIG_LIST_COLUMNS = [
  col.accessor('type', {
    id: 'type',
    header: 'Type',
    cell: (c) => <ConfigTypeLabel type={c.getValue()} short />,
    meta: { className: 'max-w-48' },
  }),
  col.accessor('name', {
    id: 'name',
    header: 'Name',
    cell: (c) => (
      <span className="flex min-w-0 items-center gap-2">
        <span className="truncate font-medium">{c.getValue() ?? c.row.original.id}</span>
        {c.row.original.deleted_at && <span className="rounded bg-muted px-1 text-xs text-muted-foreground">deleted</span>}
      </span>
    ),
    meta: { className: 'max-w-80' },
  }),
  col.accessor('status', { id: 'status', header: 'Status', cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span> }),
  col.accessor('health', { id: 'health', header: 'Health', cell: (c) => <HealthBadge health={c.getValue()} /> }),
  col.display({
    id: 'labels',
    header: 'Labels & Tags',
    enableSorting: false,
    cell: (c) => <TagChips values={{ ...c.row.original.labels, ...c.row.original.tags }} max={2} className="flex-nowrap overflow-hidden" />,
    meta: { className: 'max-w-72' },
  }),
  col.accessor('created_at', {
    id: 'created_at',
    header: 'Created',
    cell: (c) => <DateCell value={c.getValue()} />,
    meta: { firstSortOrder: 'desc' },
  }),
  col.accessor('updated_at', {
    id: 'updated_at',
    header: 'Updated',
    cell: (c) => <DateCell value={c.getValue()} />,
    meta: { firstSortOrder: 'desc' },
  }),
  col.accessor('cost_total_1d', {
    id: 'cost_total_1d',
    header: 'Cost (1d)',
    cell: (c) => <CostCell value={c.getValue()} cost30d={c.row.original.cost_total_30d} />,
    meta: { firstSortOrder: 'desc' },
  }),
  col.accessor('cost_total_7d', {
    id: 'cost_total_7d',
    header: 'Cost (7d)',
    cell: (c) => <CostCell value={c.getValue()} />,
    meta: { firstSortOrder: 'desc' },
  }),
  col.accessor('cost_total_30d', {
    id: 'cost_total_30d',
    header: 'Cost (30d)',
    cell: (c) => <CostCell value={c.getValue()} />,
    meta: { firstSortOrder: 'desc' },
  }),
  col.accessor('changes', {
    id: 'changes',
    header: 'Changes',
    cell: (c) => <ChangesCount count={c.getValue()} />,
    meta: { firstSortOrder: 'desc' },
  }),
  col.display({
    id: 'analysis',
    header: 'Analysis',
    enableSorting: false,
    cell: (c) => <AnalysisCountsCell analysis={c.row.original.analysis} />,
  }),
  col.display({
    id: 'agent',
    header: 'Agent',
    enableSorting: false,
    cell: (c) => <span className="whitespace-nowrap">{c.row.original.agent?.name ?? ''}</span>,
  }),
];
