import type { LogLineWire, LogsQuery } from '@ops/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchLogs, logsKeys } from './logs-api';

/** Lines of the first request: a screenful many times over, small enough that the first page is quick. */
export const LOGS_PAGE_SIZE = 500;
/**
 * Lines of each older page. Every page appended rebuilds arrays as long as everything loaded (the line list, the
 * virtualiser's offsets); at 500 a page, scrolling 100,000 lines made ~200 of them and the garbage forced full
 * collections that stalled frames. 5,000 (the API's most) makes ten times fewer.
 */
export const LOGS_OLDER_PAGE_SIZE = 5_000;

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
      fetchLogs({ ...query!, ...(pageParam ? { limit: LOGS_OLDER_PAGE_SIZE, cursor: pageParam } : { limit: LOGS_PAGE_SIZE }) }, signal),
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
