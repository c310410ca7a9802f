import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';

export interface SidebarPanelProps {
  title: string;
  /** Shown beside the title once known. */
  count?: number;
  defaultOpen?: boolean;
  /** The panel's query state: a spinner while loading, the error text on failure. */
  loading?: boolean;
  error?: unknown;
  children: ReactNode;
}

/** A collapsible sidebar section with its title and item count. */
export function SidebarPanel({ title, count, defaultOpen = true, loading, error, children }: SidebarPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section aria-label={title} className="border-b last:border-b-0">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-semibold hover:bg-accent/50"
        >
          <ChevronDown aria-hidden className={cn('size-4 transition-transform', !open && '-rotate-90')} />
          <span className="flex-1">{title}</span>
          {count !== undefined && <span className="rounded bg-muted px-1.5 text-xs font-normal tabular-nums">{count}</span>}
        </button>
      </h3>
      {open && (
        <div id={id} className="px-3 pb-3">
          {loading ? (
            <Spinner size="sm" />
          ) : error ? (
            <p role="alert" className="text-xs text-destructive">
              {errorMessage(error)}
            </p>
          ) : (
            children
          )}
        </div>
      )}
    </section>
  );
}
