import { Badge, type BadgeVariant } from '../ui';

// RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red; anything else neutral.
const VARIANTS: Record<string, BadgeVariant> = { SUCCESS: 'success', WARNING: 'warning', FAILED: 'destructive', STOPPED: 'destructive' };
const RUNNING = 'border-yellow-500/40 bg-yellow-400/15 text-yellow-700 dark:text-yellow-300';

/** The badge style of a job status: the app's one status-colour mapping for job runs. */
export function jobStatusStyle(status: string): { variant: BadgeVariant; className?: string } {
  if (status === 'RUNNING') return { variant: 'secondary', className: RUNNING };
  return { variant: VARIANTS[status] ?? 'secondary' };
}

/** A job run's status as a coloured badge (job history tables, scraper and canary lists). */
export function JobStatusBadge({ status }: { status: string }) {
  const style = jobStatusStyle(status);
  return (
    <Badge variant={style.variant} className={style.className}>
      {status}
    </Badge>
  );
}
