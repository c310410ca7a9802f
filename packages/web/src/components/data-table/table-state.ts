import { DEFAULT_PAGE_SIZE } from '@ops/shared';

/** Names of the URL params a table keeps its paging and sorting in (configurable per page). */
export interface TableParamNames {
  pageIndex: string;
  pageSize: string;
  sortBy: string;
  sortOrder: string;
}

export const DEFAULT_PARAM_NAMES: TableParamNames = {
  pageIndex: 'pageIndex',
  pageSize: 'pageSize',
  sortBy: 'sortBy',
  sortOrder: 'sortOrder',
};

export type SortOrder = 'asc' | 'desc';

/** Paging and sorting as read from the URL. */
export interface TableState {
  pageIndex: number;
  pageSize: number;
  sortBy: string | undefined;
  sortOrder: SortOrder;
}

export interface TableDefaults {
  pageSize?: number;
  sortBy?: string;
  sortOrder?: SortOrder;
}

/** A non-negative integer from a URL value, else the fallback. */
function intParam(raw: string | null, fallback: number, min: number): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return fallback;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= min ? n : fallback;
}

/** Read a table's state from search params; garbage values fall back to the defaults. */
export function readTableState(
  params: URLSearchParams,
  names: TableParamNames = DEFAULT_PARAM_NAMES,
  defaults: TableDefaults = {},
): TableState {
  const order = params.get(names.sortOrder);
  return {
    pageIndex: intParam(params.get(names.pageIndex), 0, 0),
    pageSize: Math.min(intParam(params.get(names.pageSize), defaults.pageSize ?? DEFAULT_PAGE_SIZE, 1), 10_000),
    sortBy: params.get(names.sortBy) || defaults.sortBy,
    sortOrder: order === 'asc' || order === 'desc' ? order : (defaults.sortOrder ?? 'desc'),
  };
}

/** Number of pages for a total (at least 1 so "page 1 of 1" shows for an empty table). */
export function pageCount(total: number | undefined, pageSize: number): number {
  if (!total || total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** A 1-based page number typed by the user, clamped to 1..pageCount; undefined when not a number. */
export function clampPageNumber(input: string, pages: number): number | undefined {
  const n = Number.parseInt(input, 10);
  if (!Number.isFinite(n)) return undefined;
  return Math.min(Math.max(n, 1), Math.max(pages, 1));
}

/** The PostgREST paging and order params for a table state. */
export function toPostgrestParams(state: TableState): { limit: string; offset: string; order?: string } {
  const out: { limit: string; offset: string; order?: string } = {
    limit: String(state.pageSize),
    offset: String(state.pageIndex * state.pageSize),
  };
  if (state.sortBy) out.order = `${state.sortBy}.${state.sortOrder}`;
  return out;
}

/** The next sort when a header is clicked: a new column starts with `firstOrder`, the same column flips. */
export function nextSort(
  state: Pick<TableState, 'sortBy' | 'sortOrder'>,
  column: string,
  firstOrder: SortOrder = 'asc',
): Pick<TableState, 'sortBy' | 'sortOrder'> {
  if (state.sortBy !== column) return { sortBy: column, sortOrder: firstOrder };
  return { sortBy: column, sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' };
}

/** "1–50 of 1234"-style range for the footer. */
export function rangeLabel(state: TableState, rows: number, total: number | undefined): string {
  if (!rows) return `0 of ${total ?? 0}`;
  const from = state.pageIndex * state.pageSize + 1;
  return `${from}–${from + rows - 1} of ${total ?? rows}`;
}
