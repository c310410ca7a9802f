import type { LogLineWire, LogsQuery } from '@ops/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchLogs, logsKeys } from './logs-api';

/** Lines per request: a screenful many times over, small enough that the first page is quick. */
export const LOGS_PAGE_SIZE = 500;

/**
 * The lines of a component's selector, newest first, one page per request; `fetchNextPage` loads the older page
 * the last one's cursor names. `lines` is every loaded line in order (built once per loaded page).
 */
export function useLogLines(query: Omit<LogsQuery, 'cursor' | 'limit'> | undefined) {
  const result = useInfiniteQuery({
    queryKey: logsKeys.lines(query ?? {}),
    enabled: !!query,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      fetchLogs({ ...query!, limit: LOGS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    getNextPageParam: (last) => last.next_cursor || undefined,
    staleTime: 30_000,
    // Pages are only appended; comparing every loaded line deeply on each new page would grow with the scroll.
    structuralSharing: false,
  });
  const pages = result.data?.pages;
  const lines = useMemo<LogLineWire[]>(() => {
    if (!pages) return [];
    if (pages.length === 1) return pages[0]!.results;
    const out: LogLineWire[] = [];
    for (const page of pages) for (const line of page.results) out.push(line);
    return out;
  }, [pages]);
  return { ...result, lines };
}
