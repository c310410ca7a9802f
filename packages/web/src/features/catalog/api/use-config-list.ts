import type { ConfigItemRow } from '@ops/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE, CONFIG_LIST_STALE_MS } from '../lib/catalog-constants';
import { catalogKeys } from './catalog-keys';
import { listConfigs } from './configs-api';

/**
 * The flat catalogue list, paged on the server (200 rows a page, next page on scroll) and cached 5
 * minutes. `rows` is every loaded row; `total` the server's estimate.
 */
export function useConfigList(params: Record<string, string>) {
  const query = useInfiniteQuery({
    queryKey: catalogKeys.configs(params),
    queryFn: ({ pageParam, signal }) => listConfigs({ ...params, limit: String(CATALOG_PAGE_SIZE), offset: String(pageParam) }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      if (last.data.length < CATALOG_PAGE_SIZE) return undefined;
      return last.total !== null && loaded >= last.total ? undefined : loaded;
    },
    staleTime: CONFIG_LIST_STALE_MS,
  });
  const rows: ConfigItemRow[] = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total ?? null;
  return { ...query, rows, total };
}
