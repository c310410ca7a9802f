import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface OptionButtonProps {
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  title?: string;
}

/** One choice in the picker's lists; `aria-pressed` marks the range in effect. */
export function OptionButton({ active = false, onClick, children, title }: OptionButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={active}
      title={title}
      onClick={onClick}
      className={cn(
        'block w-full truncate rounded-sm px-2 py-1 text-left text-sm',
        'hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active && 'bg-primary/10 font-medium text-primary',
      )}
    >
      {children}
    </button>
  );
}

/** A small uppercase heading over a group of options. */
export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h3 id={id} className="mb-1.5 px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
      {children}
    </h3>
  );
}
