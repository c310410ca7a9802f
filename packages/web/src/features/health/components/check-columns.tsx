import { formatDuration } from '@ops/shared';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Badge } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import type { HealthRow } from '../lib/health-rows';
import { CheckIcon } from './check-icon';
import { HealthDot } from './health-dot';
import { RecentStatuses } from './recent-statuses';
import { UptimeCell } from './uptime-cell';

function NameCell({ row }: { row: HealthRow }) {
  if (row.kind === 'group') {
    const Chevron = row.expanded ? ChevronDown : ChevronRight;
    return (
      <span className="flex min-w-0 items-center gap-1.5 font-medium" aria-expanded={row.expanded}>
        <Chevron aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="truncate">{row.group.label}</span>
        <Badge variant="secondary">{row.group.checks.length}</Badge>
      </span>
    );
  }
  const { check } = row;
  return (
    <span className={cn('flex min-w-0 items-center gap-2', row.depth === 1 && 'pl-6')}>
      <CheckIcon type={check.type} />
      <span className="truncate" title={check.endpoint ?? check.name}>
        {check.name}
      </span>
      {check.namespace && (
        <Badge variant="outline" className="font-normal text-muted-foreground">
          {check.namespace}
        </Badge>
      )}
    </span>
  );
}

function HealthCell({ row }: { row: HealthRow }) {
  if (row.kind === 'group') {
    const { status, healthy, unhealthy } = row.group.aggregate;
    return (
      <span className="inline-flex items-center gap-2">
        <HealthDot health={status} label={`Group ${status}`} />
        <span className="text-xs text-muted-foreground">
          {healthy} passing, {unhealthy} failing
        </span>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <HealthDot health={row.check.status} label={row.check.status} />
      <RecentStatuses statuses={row.check.checkStatuses} />
    </span>
  );
}

const uptimeOf = (row: HealthRow) => (row.kind === 'group' ? row.group.aggregate.uptime : row.check.uptime);
const latencyOf = (row: HealthRow) => (row.kind === 'group' ? row.group.aggregate.latency : row.check.latency.p95);

/** Columns of the dashboard table; their ids are the sortBy values (name, health, uptime, latency). */
export const CHECK_COLUMNS: ColumnDef<HealthRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (r) => (r.kind === 'group' ? r.group.label : r.check.name),
    cell: ({ row }) => <NameCell row={row.original} />,
    meta: { className: 'max-w-0 w-full' },
  },
  {
    id: 'health',
    header: 'Health',
    accessorFn: (r) => (r.kind === 'group' ? r.group.aggregate.status : r.check.status),
    cell: ({ row }) => <HealthCell row={row.original} />,
    meta: { className: 'whitespace-nowrap' },
  },
  {
    id: 'uptime',
    header: 'Uptime',
    accessorFn: uptimeOf,
    cell: ({ row }) => <UptimeCell uptime={uptimeOf(row.original)} />,
    meta: { className: 'whitespace-nowrap', firstSortOrder: 'asc' },
  },
  {
    id: 'latency',
    header: 'Latency',
    accessorFn: latencyOf,
    cell: ({ row }) => {
      const ms = latencyOf(row.original);
      return <span className="tabular-nums">{ms === undefined ? '-' : formatDuration(ms)}</span>;
    },
    meta: { className: 'whitespace-nowrap text-right', headerClassName: 'text-right', firstSortOrder: 'desc' },
  },
];
