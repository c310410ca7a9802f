import type { CheckSummary } from '@ops/shared';
import { formatDuration } from '@ops/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable } from '../../../components/data-table';
import { cn } from '../../../lib/cn';
import { aggregateChecks } from '../lib/check-grouping';
import type { HealthView, PivotCellType } from '../lib/dashboard-params';
import type { PivotModel, PivotRow } from '../lib/pivot';
import { clientTableState } from './client-table-state';
import { HealthDot } from './health-dot';
import { UptimeCell } from './uptime-cell';

/** One pivot cell: the checks of a row in one column, shown as status, uptime or latency. */
function PivotValue({ checks, type }: { checks: CheckSummary[]; type: PivotCellType }) {
  const agg = aggregateChecks(checks);
  if (type === 'uptime') return <UptimeCell uptime={agg.uptime} />;
  if (type === 'latency') return <span className="tabular-nums">{agg.latency === undefined ? '-' : formatDuration(agg.latency)}</span>;
  const status = checks.length === 1 ? checks[0]!.status : agg.status;
  return <HealthDot health={status} label={status} />;
}

/** One pivot cell: the checks of a row in one column; a single check opens its detail on click. */
function PivotCell({ checks, type, column, onOpen }: { checks: CheckSummary[] | undefined; type: PivotCellType; column: string; onOpen: (id: string) => void }) {
  if (!checks?.length) return <span className="text-muted-foreground">-</span>;
  const only = checks.length === 1 ? checks[0] : undefined;
  if (!only) return <PivotValue checks={checks} type={type} />;
  return (
    <button
      type="button"
      className="inline-flex items-center rounded px-1 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={`${only.name} in ${column}`}
      onClick={() => onOpen(only.id)}
    >
      <PivotValue checks={checks} type={type} />
    </button>
  );
}

function pivotColumns(columns: string[], type: PivotCellType, onOpen: (id: string) => void): ColumnDef<PivotRow, unknown>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      accessorFn: (r) => r.label,
      cell: ({ row }) => {
        const r = row.original;
        const Chevron = r.expanded ? ChevronDown : ChevronRight;
        return (
          <span className={cn('flex min-w-0 items-center gap-1.5', r.kind === 'group' ? 'font-medium' : r.depth === 1 && 'pl-6')}>
            {r.kind === 'group' && <Chevron aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
            <span className="truncate">{r.label}</span>
          </span>
        );
      },
      meta: { className: 'max-w-72' },
    },
    ...columns.map(
      (col): ColumnDef<PivotRow, unknown> => ({
        id: `pivot:${col}`,
        header: col,
        cell: ({ row }) => <PivotCell checks={row.original.cells[col]} type={type} column={col} onOpen={onOpen} />,
        meta: { className: 'whitespace-nowrap' },
      }),
    ),
  ];
}

export interface PivotTableProps {
  model: PivotModel;
  view: HealthView;
  onSort: (sortBy: string, desc: boolean) => void;
  onToggleGroup: (key: string) => void;
  /** Opens a check when its row holds exactly one. */
  onOpenCheck: (id: string) => void;
  isLoading: boolean;
  isFetching: boolean;
}

/** The table pivoted by a field: a column per value, a row per check name, cells per pivotCellType. */
export function PivotTable({ model, view, onSort, onToggleGroup, onOpenCheck, isLoading, isFetching }: PivotTableProps) {
  const columns = useMemo(() => pivotColumns(model.columns, view.pivotCellType, onOpenCheck), [model.columns, view.pivotCellType, onOpenCheck]);
  return (
    <DataTable
      label="Health checks pivot"
      className="min-h-64 flex-1"
      columns={columns}
      data={model.rows}
      total={model.rows.length}
      state={clientTableState(view, model.rows.length, onSort)}
      mode="infinite"
      getRowId={(r) => r.id}
      isLoading={isLoading}
      isFetching={isFetching}
      onRowClick={(r) => {
        if (r.kind === 'group' && r.groupKey !== undefined) return onToggleGroup(r.groupKey);
        const checks = Object.values(r.cells).flat();
        if (checks.length === 1) onOpenCheck(checks[0]!.id);
      }}
    />
  );
}
