import { SIDEBAR_LIST_LIMIT } from '@ops/shared';
import { useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface ShowMoreListProps<T> {
  items: readonly T[];
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
  /** Items before 'show more' (10; 5 in two-column mode; 6 for properties). */
  limit?: number;
  columns?: 1 | 2;
  empty?: string;
}

/** A list that shows its first items and a 'show more' / 'show less' toggle for the rest. */
export function ShowMoreList<T>({ items, render, keyOf, limit = SIDEBAR_LIST_LIMIT, columns = 1, empty = 'None' }: ShowMoreListProps<T>) {
  const [all, setAll] = useState(false);
  if (!items.length) return <p className="text-xs text-muted-foreground">{empty}</p>;
  const shown = all ? items : items.slice(0, limit);
  return (
    <>
      <ul className={cn('grid gap-1 text-sm', columns === 2 ? 'grid-cols-2' : 'grid-cols-1')}>
        {shown.map((item) => (
          <li key={keyOf(item)} className="min-w-0">
            {render(item)}
          </li>
        ))}
      </ul>
      {items.length > limit && (
        <button type="button" className="mt-1 text-xs text-primary hover:underline" onClick={() => setAll(!all)}>
          {all ? 'show less' : `show more (${items.length - limit})`}
        </button>
      )}
    </>
  );
}
