import type { ComponentSummary } from '@ops/shared';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { checkCounts, severityCounts } from '../lib/summary';
import { healthTone } from './health-tone';

const SEVERITY_CLASS: Record<string, string> = {
  critical: 'bg-destructive/15 text-destructive',
  high: 'bg-destructive/10 text-destructive',
  medium: 'bg-warning/15 text-warning',
  info: 'bg-info/15 text-info',
};

const chip = 'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs hover:underline';

/** Check counts (linking to /health) and insights by type and severity (linking to the filtered insights list). */
export function CardSummary({ id, summary }: { id: string; summary: ComponentSummary | undefined }) {
  const checks = checkCounts(summary);
  const insights = severityCounts(summary?.insights);
  if (!checks.length && !insights.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" onClick={(e) => e.stopPropagation()}>
      {checks.map((c) => (
        <Link key={c.health} to="/health" className={cn(chip, 'bg-muted')} aria-label={`${c.count} ${c.health} checks`}>
          <span aria-hidden className={cn('size-2 rounded-full', healthTone(c.health).dot)} />
          <span className="tabular-nums">{c.count}</span>
        </Link>
      ))}
      {insights.map((i) => (
        <Link
          key={`${i.type}-${i.severity}`}
          to={`/catalog/insights?component=${encodeURIComponent(id)}&type=${encodeURIComponent(i.type)}&severity=${i.severity}`}
          className={cn(chip, SEVERITY_CLASS[i.severity])}
          aria-label={`${i.count} ${i.severity} ${i.type} insights`}
          title={`${i.type} · ${i.severity}`}
        >
          <span className="max-w-24 truncate">{i.type.replace(/_/g, ' ')}</span>
          <span className="tabular-nums">{i.count}</span>
        </Link>
      ))}
    </div>
  );
}
