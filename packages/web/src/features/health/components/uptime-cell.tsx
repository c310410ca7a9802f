import { formatPercent } from '@ops/shared';
import { cn } from '../../../lib/cn';
import { COLOR_CLASSES, uptimeBarColor } from '../lib/health-colors';

/**
 * Uptime over the range as a percentage and a bar; the bar's colour comes from the failed share
 * of runs. '-' when nothing ran in the range.
 */
export function UptimeCell({ uptime }: { uptime: { passed: number; failed: number } }) {
  const total = uptime.passed + uptime.failed;
  if (total === 0) return <span className="text-muted-foreground">-</span>;
  const pct = (uptime.passed / total) * 100;
  const color = uptimeBarColor(100 - pct);
  return (
    <span className="inline-flex items-center gap-2" title={`${uptime.passed} passed, ${uptime.failed} failed`}>
      <span className="w-12 text-right tabular-nums">{formatPercent(pct)}</span>
      <span aria-hidden className={cn('h-1.5 w-16 overflow-hidden rounded-full', uptime.failed > 0 ? 'bg-destructive/25' : 'bg-muted')}>
        <span data-bar={color} className={cn('block h-full rounded-full', COLOR_CLASSES[color].fill)} style={{ width: `${pct}%` }} />
      </span>
    </span>
  );
}
