import { cn } from '../../../lib/cn';
import { COLOR_CLASSES, healthColor } from '../lib/health-colors';

export interface HealthDotProps {
  /** A health value ('healthy', 'unhealthy', 'mixed', …) or a pass/fail boolean. */
  health: string | boolean | null | undefined;
  /** Accessible text; omit when a neighbour already says it. */
  label?: string;
  size?: 'sm' | 'md';
  className?: string;
}

/** A round health indicator in the colour healthColor gives it. */
export function HealthDot({ health, label, size = 'md', className }: HealthDotProps) {
  const color = healthColor(health);
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      title={label}
      data-health={color}
      className={cn('inline-block shrink-0 rounded-full', size === 'sm' ? 'size-2' : 'size-2.5', COLOR_CLASSES[color].fill, className)}
    />
  );
}
