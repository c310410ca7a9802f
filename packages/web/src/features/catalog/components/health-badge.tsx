import { cn } from '../../../lib/cn';
import { HEALTH_TONE, healthState } from '../lib/health';

/** A config's health as a coloured dot and word (healthy green, unhealthy red, warning orange, else gray). */
export function HealthBadge({
  health,
  status,
  className,
}: {
  health: string | null | undefined;
  status?: string | null;
  className?: string;
}) {
  if (!health && !status) return null;
  const tone = HEALTH_TONE[healthState(health)];
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', className)} title={health ?? undefined}>
      <span aria-hidden className={cn('size-2 shrink-0 rounded-full', tone.dot)} />
      <span className={cn(status ? 'text-foreground' : tone.text)}>{status || health}</span>
    </span>
  );
}
