import { DEBOUNCE_RESOURCE_SEARCH_MS, SEARCH_QUERY_MAX_LENGTH, type SearchKind, type SearchResponse } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

/** How many of each kind the palette shows. */
export const PALETTE_SEARCH_LIMIT = 5;

export interface PaletteSearch {
  /** The trimmed query the shown results are for ('' while nothing is searched). */
  query: string;
  results: SearchResponse['results'] | undefined;
  /** Typing has not settled yet, or the server has not answered. */
  isSearching: boolean;
  error: Error | null;
}

/** `value`, once it has not changed for `delay` ms. */
function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The server-side search behind the palette: `GET /api/search` for the typed text once typing has paused
 * for 300 ms (one request per pause, not per key), over the kinds whose pages this user can open.
 */
export function usePaletteSearch(input: string, kinds: readonly SearchKind[]): PaletteSearch {
  const typed = input.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const query = useDebouncedValue(typed, DEBOUNCE_RESOURCE_SEARCH_MS);
  const types = kinds.join(',');
  const enabled = query !== '' && types !== '';
  const q = useQuery({
    queryKey: ['palette-search', query, types],
    queryFn: ({ signal }) => api.get<SearchResponse>('/api/search', { query: { q: query, limit: PALETTE_SEARCH_LIMIT, types }, signal }),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
  return {
    query: enabled ? query : '',
    results: enabled ? q.data?.results : undefined,
    isSearching: typed !== '' && types !== '' && (typed !== query || q.isFetching),
    error: enabled ? q.error : null,
  };
}
