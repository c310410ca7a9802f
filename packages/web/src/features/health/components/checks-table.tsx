import { DataTable } from '../../../components/data-table';
import type { HealthView } from '../lib/dashboard-params';
import type { HealthRow } from '../lib/health-rows';
import { CHECK_COLUMNS } from './check-columns';
import { clientTableState } from './client-table-state';

export interface ChecksTableProps {
  rows: HealthRow[];
  view: HealthView;
  onSort: (sortBy: string, desc: boolean) => void;
  onToggleGroup: (key: string) => void;
  onOpenCheck: (id: string) => void;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  onRetry: () => void;
  emptyText?: string;
}

/** The table layout: group rows fold and unfold, check rows open the detail; rows are virtualised. */
export function ChecksTable({ rows, view, onSort, onToggleGroup, onOpenCheck, ...state }: ChecksTableProps) {
  return (
    <DataTable
      label="Health checks"
      className="min-h-64 flex-1"
      columns={CHECK_COLUMNS}
      data={rows}
      total={rows.length}
      state={clientTableState(view, rows.length, onSort)}
      mode="infinite"
      getRowId={(r) => r.id}
      onRowClick={(r) => (r.kind === 'group' ? onToggleGroup(r.group.key) : onOpenCheck(r.check.id))}
      isLoading={state.isLoading}
      isFetching={state.isFetching}
      error={state.error}
      onRetry={state.onRetry}
      emptyText={state.emptyText}
    />
  );
}
