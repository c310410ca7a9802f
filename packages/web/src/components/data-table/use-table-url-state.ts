import { useCallback, useMemo } from 'react';
import { DEFAULT_PAGE_SIZE } from '@ops/shared';
import { useUrlParams } from '../filters/use-url-state';
import {
  DEFAULT_PARAM_NAMES,
  readTableState,
  toPostgrestParams,
  type SortOrder,
  type TableDefaults,
  type TableParamNames,
  type TableState,
} from './table-state';

export interface TableUrlState extends TableState {
  names: TableParamNames;
  defaults: Required<Pick<TableDefaults, 'pageSize' | 'sortOrder'>> & Pick<TableDefaults, 'sortBy'>;
  /** A new history entry, unless `replace` (a correction the user did not ask for, e.g. clamping). */
  setPageIndex: (pageIndex: number, options?: { replace?: boolean }) => void;
  /** Changing the page size goes back to the first page. */
  setPageSize: (pageSize: number) => void;
  /** Changing the sort goes back to the first page. */
  setSort: (sortBy: string, sortOrder: SortOrder) => void;
  /** limit / offset / order for a PostgREST call. */
  query: ReturnType<typeof toPostgrestParams>;
}

export interface TableUrlStateOptions {
  /** Param names, e.g. {pageIndex: 'page'} when two tables share a page. */
  names?: Partial<TableParamNames>;
  defaults?: TableDefaults;
}

/**
 * Paging and sorting of a server-paged table, held in the URL (spec: every filter, sort and page
 * lives in the URL). Values equal to their defaults are left out of the URL.
 */
export function useTableUrlState(options: TableUrlStateOptions = {}): TableUrlState {
  // Keyed on the strings, so callers may pass an inline `names` object without re-creating the setters.
  const { pageIndex, pageSize, sortBy, sortOrder } = { ...DEFAULT_PARAM_NAMES, ...options.names };
  const names = useMemo(() => ({ pageIndex, pageSize, sortBy, sortOrder }), [pageIndex, pageSize, sortBy, sortOrder]);
  const pageSizeDefault = options.defaults?.pageSize ?? DEFAULT_PAGE_SIZE;
  const sortByDefault = options.defaults?.sortBy;
  const sortOrderDefault = options.defaults?.sortOrder ?? 'desc';
  const [params, update] = useUrlParams({
    [names.pageIndex]: '0',
    [names.pageSize]: String(pageSizeDefault),
    [names.sortBy]: sortByDefault,
    [names.sortOrder]: sortOrderDefault,
  });
  const state = readTableState(params, names, { pageSize: pageSizeDefault, sortBy: sortByDefault, sortOrder: sortOrderDefault });

  const setPageIndex = useCallback(
    (pageIndex: number, options?: { replace?: boolean }) =>
      update({ [names.pageIndex]: String(Math.max(0, pageIndex)) }, { replace: options?.replace ?? false }),
    [names, update],
  );
  const setPageSize = useCallback(
    (pageSize: number) => update({ [names.pageSize]: String(pageSize), [names.pageIndex]: undefined }),
    [names, update],
  );
  const setSort = useCallback(
    (sortBy: string, sortOrder: SortOrder) =>
      update({ [names.sortBy]: sortBy, [names.sortOrder]: sortOrder, [names.pageIndex]: undefined }),
    [names, update],
  );

  return {
    ...state,
    names,
    defaults: { pageSize: pageSizeDefault, sortBy: sortByDefault, sortOrder: sortOrderDefault },
    setPageIndex,
    setPageSize,
    setSort,
    query: toPostgrestParams(state),
  };
}
