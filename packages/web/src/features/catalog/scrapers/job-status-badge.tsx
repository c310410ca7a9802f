import { Badge, type BadgeVariant } from '../../../components/ui';

// Spec 3 §4: RUNNING yellow, SUCCESS green, WARNING orange, FAILED and STOPPED red.
const VARIANTS: Record<string, BadgeVariant> = { SUCCESS: 'success', WARNING: 'warning', FAILED: 'destructive', STOPPED: 'destructive' };
const RUNNING = 'border-yellow-500/40 bg-yellow-400/15 text-yellow-700 dark:text-yellow-300';

/** A scrape run's status as a coloured badge. */
export function JobStatusBadge({ status }: { status: string }) {
  if (status === 'RUNNING') return <Badge className={RUNNING}>{status}</Badge>;
  return <Badge variant={VARIANTS[status] ?? 'secondary'}>{status}</Badge>;
}
