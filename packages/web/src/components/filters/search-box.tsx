import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { DEBOUNCE_SEARCH_MS } from '@ops/shared';
import { cn } from '../../lib/cn';
import { Input } from '../ui/input';
import { useDebouncedCallback } from './use-debounced-callback';
import { useUrlState } from './use-url-state';

export interface SearchBoxProps {
  /** URL param holding the search text (e.g. 'query'). */
  param: string;
  /** Placeholder and accessible name. */
  placeholder?: string;
  /** Params cleared when the text changes (default: pageIndex). */
  resetParams?: readonly string[];
  className?: string;
}

/**
 * A page's search input: typing updates the URL param after 400 ms of quiet (Enter applies it at
 * once), URL changes (Back, links) flow back into the box, and `data-search` lets '/' focus it.
 */
export function SearchBox({ param, placeholder = 'Search', resetParams = ['pageIndex'], className }: SearchBoxProps) {
  const [value, setValue] = useUrlState(param, undefined, { resetParams });
  const [text, setText] = useState(value ?? '');
  const debounced = useDebouncedCallback((next: string) => setValue(next.trim() || undefined), DEBOUNCE_SEARCH_MS);

  // The URL is the source of truth: follow it when it changes from outside the box (Back, links).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }

  return (
    <div className={cn('relative w-64', className)}>
      <Search aria-hidden className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        data-search=""
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        className="pl-8 pr-8 [&::-webkit-search-cancel-button]:hidden"
        onChange={(e) => {
          setText(e.target.value);
          debounced.run(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') debounced.flush();
        }}
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded text-muted-foreground hover:text-foreground"
          onClick={() => {
            setText('');
            debounced.run('');
            debounced.flush();
          }}
        >
          <X className="size-4" />
        </button>
      )}
    </div>
  );
}
