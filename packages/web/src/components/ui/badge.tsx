import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive' | 'info';

const VARIANTS: Record<BadgeVariant, string> = {
  default: 'bg-primary/12 text-primary border-primary/25',
  secondary: 'bg-secondary text-secondary-foreground border-transparent',
  outline: 'text-foreground border-border',
  success: 'bg-success/12 text-success border-success/30',
  warning: 'bg-warning/15 text-warning border-warning/35',
  destructive: 'bg-destructive/12 text-destructive border-destructive/30',
  info: 'bg-info/12 text-info border-info/30',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

/** A small pill for statuses, counts and tags (e.g. job status: SUCCESS → success, FAILED → destructive). */
export function Badge({ variant = 'secondary', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium leading-4',
        VARIANTS[variant],
        className,
      )}
      {...rest}
    />
  );
}
