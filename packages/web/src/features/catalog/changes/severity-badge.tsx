import { cn } from '../../../lib/cn';

const TONES: Record<string, string> = {
  critical: 'bg-destructive',
  blocker: 'bg-destructive',
  high: 'bg-destructive/70',
  medium: 'bg-warning',
  warning: 'bg-warning',
  low: 'bg-info',
  info: 'bg-muted-foreground/50',
};

/** A severity as a coloured dot (critical/high red, medium orange, low blue, info gray) with its name as title. */
export function SeverityBadge({ severity, withText = false }: { severity: string | null | undefined; withText?: boolean }) {
  if (!severity) return null;
  const dot = <span aria-hidden className={cn('inline-block size-2 shrink-0 rounded-full', TONES[severity.toLowerCase()] ?? TONES.info)} />;
  if (!withText)
    return (
      <span title={severity} className="inline-flex">
        {dot}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap capitalize">
      {dot}
      {severity}
    </span>
  );
}
