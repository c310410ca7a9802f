import type { AnalysisCounts } from '@ops/shared';
import { ANALYSIS_TYPES, formatCount } from '@ops/shared';
import { Activity, Ban, BadgeDollarSign, Gauge, Lightbulb, Plug, Shield, ShieldCheck, Wrench, Zap, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { costTrend, formatCatalogCost, isHighChangeCount } from '../lib/catalog-format';

/** An icon per analysis type, shared by list counts and the insights table. */
export const ANALYSIS_ICONS: Record<string, LucideIcon> = {
  cost: BadgeDollarSign,
  availability: Activity,
  performance: Gauge,
  security: Shield,
  integration: Plug,
  compliance: ShieldCheck,
  technical_debt: Wrench,
  reliability: Zap,
  recommendation: Lightbulb,
  other: Ban,
};

/** A changes count, 'Nk+' above 999 and red from 500; empty for none. */
export function ChangesCount({ count }: { count: number | null | undefined }) {
  if (!count) return null;
  return (
    <span
      className={cn(
        'rounded-full px-1.5 py-0.5 text-xs font-medium tabular-nums',
        isHighChangeCount(count) ? 'bg-destructive/15 text-destructive' : 'bg-muted',
      )}
      title={`${count} changes`}
    >
      {formatCount(count)}
    </span>
  );
}

/** Finding counts by analysis type, each with its icon and 'Nk+' formatting. */
export function AnalysisCountsCell({ analysis }: { analysis: AnalysisCounts | null | undefined }) {
  const entries = ANALYSIS_TYPES.map((t) => [t, analysis?.[t] ?? 0] as const).filter(([, n]) => n > 0);
  if (entries.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {entries.map(([type, n]) => {
        const Icon = ANALYSIS_ICONS[type] ?? Ban;
        return (
          <span
            key={type}
            className="inline-flex items-center gap-0.5 rounded bg-muted px-1 text-xs tabular-nums"
            title={`${n} ${type.replace('_', ' ')}`}
          >
            <Icon aria-hidden className="size-3" />
            {formatCount(n)}
          </span>
        );
      })}
    </span>
  );
}

/** A cost with the catalogue's decimals (2 up to 10, none above); with the 30-day total given, an arrow when the 1 d cost is off trend. */
export function CostCell({ value, cost30d }: { value: number | null | undefined; cost30d?: number | null | undefined }) {
  const text = formatCatalogCost(value);
  if (!text) return null;
  const trend = cost30d === undefined ? null : costTrend(value, cost30d);
  return (
    <span className="whitespace-nowrap tabular-nums">
      {text}
      {trend && (
        <span
          className={cn('ml-1', trend === 'up' ? 'text-destructive' : 'text-success')}
          title={`1 d cost ${trend === 'up' ? 'above' : 'below'} the 30-day daily average`}
        >
          {trend === 'up' ? '↑' : '↓'}
        </span>
      )}
    </span>
  );
}
