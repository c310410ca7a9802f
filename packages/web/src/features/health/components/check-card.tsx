import type { CheckSummary } from '@ops/shared';
import { formatDuration } from '@ops/shared';
import { COLOR_CLASSES, healthColor } from '../lib/health-colors';
import { cn } from '../../../lib/cn';
import { CheckIcon } from './check-icon';
import { HealthDot } from './health-dot';
import { RecentStatuses } from './recent-statuses';
import { UptimeCell } from './uptime-cell';

/** One check in the card layout: a button that opens the detail, edged in the check's health colour. */
export function CheckCard({ check, onOpen }: { check: CheckSummary; onOpen: (id: string) => void }) {
  const color = healthColor(check.status);
  return (
    <button
      type="button"
      aria-label={`${check.name} (${check.status})`}
      onClick={() => onOpen(check.id)}
      className={cn(
        'flex h-[88px] w-full min-w-0 flex-col gap-1.5 overflow-hidden rounded-lg border border-l-4 bg-card p-2.5 text-left shadow-xs',
        'hover:bg-accent/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        color === 'red' && 'border-l-destructive',
        color === 'orange' && 'border-l-warning',
        color === 'green' && 'border-l-success',
        color === 'grey' && 'border-l-muted-foreground/50',
      )}
    >
      <span className="flex min-w-0 items-center gap-2">
        <CheckIcon type={check.type} />
        <span className="truncate font-medium">{check.name}</span>
        <HealthDot health={check.status} className="ml-auto" />
      </span>
      <span className="truncate text-xs text-muted-foreground">{check.endpoint || check.description || check.canary_name}</span>
      <span className="flex items-center justify-between gap-2 text-xs">
        <RecentStatuses statuses={check.checkStatuses} />
        <span className={cn('tabular-nums', COLOR_CLASSES[color].text)}>
          {check.latency.p95 === undefined ? '' : formatDuration(check.latency.p95)}
        </span>
        <UptimeCell uptime={check.uptime} />
      </span>
    </button>
  );
}
