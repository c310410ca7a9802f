import { MESSAGES } from '@ops/shared';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  /** Main line; defaults to 'No data available'. */
  title?: ReactNode;
  description?: ReactNode;
  /** Icon element; defaults to an inbox. */
  icon?: ReactNode;
  /** e.g. an "Add" button. */
  action?: ReactNode;
  className?: string;
}

/** Placeholder for an empty list or area, with 'No data available' by default. */
export function EmptyState({ title = MESSAGES.noData, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 px-6 py-12 text-center', className)}>
      <div className="text-muted-foreground [&_svg]:size-8" aria-hidden>
        {icon ?? <Inbox />}
      </div>
      <p className="text-sm font-medium text-foreground">{title}</p>
      {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
