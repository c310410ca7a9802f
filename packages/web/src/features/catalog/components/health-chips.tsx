import type { HealthCounts } from '@ops/shared';
import { formatCount } from '@ops/shared';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { HEALTH_CHIP_ORDER, HEALTH_TONE, healthChipLink } from '../lib/health';

/**
 * Health counts of a summary row as chips in chip order (green, red, orange, gray). With a type,
 * each chip links to /catalog?configType={type}&health={state}:1.
 */
export function HealthChips({ health, type }: { health: HealthCounts; type?: string | null | undefined }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {HEALTH_CHIP_ORDER.filter((state) => health[state] > 0).map((state) => {
        const className = cn('rounded-full border px-1.5 py-0.5 text-xs font-medium tabular-nums leading-none', HEALTH_TONE[state].chip);
        const label = `${formatCount(health[state])} ${state}`;
        return type ? (
          <Link
            key={state}
            to={healthChipLink(type, state)}
            className={cn(className, 'hover:underline')}
            aria-label={label}
            title={label}
            // The chip's own link wins over the row's click.
            onClick={(e) => e.stopPropagation()}
          >
            {formatCount(health[state])}
          </Link>
        ) : (
          <span key={state} className={className} aria-label={label} title={label}>
            {formatCount(health[state])}
          </span>
        );
      })}
    </span>
  );
}
