import { SIDEBAR_LIST_LIMIT, SIDEBAR_LIST_LIMIT_TWO_COLUMNS } from '@ops/shared';
import { useState, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { useSidebarColumns } from './sidebar-columns';

export interface ShowMoreListProps<T> {
  items: readonly T[];
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
  /** Items before 'show more' when not the sidebar's default (6 for properties). */
  limit?: number;
  empty?: string;
  /** Shown under the list while every item is shown (e.g. what loads the next page). */
  footer?: ReactNode;
}

/**
 * A list that shows its first items and a 'show more' / 'show less' toggle for the rest: 10 items, or 5 when the
 * sidebar is in two-column mode.
 */
export function ShowMoreList<T>({ items, render, keyOf, limit: fixed, empty = 'None', footer }: ShowMoreListProps<T>) {
  const columns = useSidebarColumns();
  const [all, setAll] = useState(false);
  const limit = fixed ?? (columns === 2 ? SIDEBAR_LIST_LIMIT_TWO_COLUMNS : SIDEBAR_LIST_LIMIT);
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
      {shown.length === items.length && footer}
    </>
  );
}
