import { Badge, type BadgeVariant } from '../../../components/ui';

const VARIANTS: Record<string, BadgeVariant> = {
  completed: 'success',
  failed: 'destructive',
  timed_out: 'destructive',
  cancelled: 'secondary',
  skipped: 'secondary',
  pending_approval: 'warning',
  running: 'info',
  retrying: 'warning',
  sleeping: 'outline',
  waiting: 'outline',
  scheduled: 'outline',
};

/** 'timed_out' → 'Timed Out': statuses as words. */
export function statusLabel(status: string): string {
  return status
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** What started a run as words: 'config.updated' → 'Config Updated', 'schedule' → 'Schedule'. */
export function triggerLabel(trigger: string): string {
  return statusLabel(trigger.replace(/[.\s]+/g, '_'));
}

/** A run's or action's status as a coloured pill (green completed, red failed, amber waiting for approval). */
export function RunStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={VARIANTS[status] ?? 'outline'} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
