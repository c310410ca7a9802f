import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../../components/filters';
import type { SortOrder, TableUrlState } from '../../../components/data-table';

export interface PageUrlStateOptions {
  page: string;
  pageSize: string;
  sortBy: string;
  sortOrder: string;
  defaults: { pageSize: number; sortBy: string; sortOrder: SortOrder };
  /** 1 when the page param counts from 1 (changes screens: 'page', default 1); 0 for 'pageIndex'. */
  base: 0 | 1;
}

function int(raw: string | null, fallback: number, min: number): number {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n >= min ? n : fallback;
}

/**
 * The data table's paging and sort state on the param names a catalogue screen uses (e.g. 1-based 'page'
 * and 'sortDirection' on the changes screens). Defaults stay out of the URL.
 */
export function usePageUrlState(o: PageUrlStateOptions): TableUrlState {
  const [params, update] = useUrlParams({
    [o.page]: String(o.base),
    [o.pageSize]: String(o.defaults.pageSize),
    [o.sortBy]: o.defaults.sortBy,
    [o.sortOrder]: o.defaults.sortOrder,
  });
  const pageIndex = int(params.get(o.page), o.base, o.base) - o.base;
  const pageSize = Math.min(int(params.get(o.pageSize), o.defaults.pageSize, 1), 1000);
  const sortBy = params.get(o.sortBy) || o.defaults.sortBy;
  const rawOrder = params.get(o.sortOrder);
  const sortOrder: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : o.defaults.sortOrder;
  const { page, pageSize: sizeParam, sortBy: sortParam, sortOrder: orderParam, base } = o;
  const setPageIndex = useCallback(
    (i: number, options?: { replace?: boolean }) =>
      update({ [page]: String(Math.max(0, i) + base) }, { replace: options?.replace ?? false }),
    [update, page, base],
  );
  const setPageSize = useCallback((n: number) => update({ [sizeParam]: String(n), [page]: undefined }), [update, sizeParam, page]);
  const setSort = useCallback(
    (by: string, order: SortOrder) => update({ [sortParam]: by, [orderParam]: order, [page]: undefined }),
    [update, sortParam, orderParam, page],
  );
  return useMemo(
    () => ({
      pageIndex,
      pageSize,
      sortBy,
      sortOrder,
      names: { pageIndex: page, pageSize: sizeParam, sortBy: sortParam, sortOrder: orderParam },
      defaults: { pageSize: o.defaults.pageSize, sortBy: o.defaults.sortBy, sortOrder: o.defaults.sortOrder },
      setPageIndex,
      setPageSize,
      setSort,
      query: { limit: String(pageSize), offset: String(pageIndex * pageSize), order: `${sortBy}.${sortOrder}` },
    }),
    [
      pageIndex,
      pageSize,
      sortBy,
      sortOrder,
      page,
      sizeParam,
      sortParam,
      orderParam,
      o.defaults.pageSize,
      o.defaults.sortBy,
      o.defaults.sortOrder,
      setPageIndex,
      setPageSize,
      setSort,
    ],
  );
}
