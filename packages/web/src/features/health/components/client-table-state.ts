import type { TableUrlState } from '../../../components/data-table';
import type { HealthView } from '../lib/dashboard-params';

const NAMES = { pageIndex: 'pageIndex', pageSize: 'pageSize', sortBy: 'sortBy', sortOrder: 'sortDesc' };

/**
 * The data table's state for the dashboard, whose rows are all in the page (sorted and grouped in
 * the browser): one "page" holding every row, and the sort kept as the sortBy / sortDesc URL params.
 */
export function clientTableState(
  view: Pick<HealthView, 'sortBy' | 'sortDesc'>,
  rowCount: number,
  setSort: (sortBy: string, desc: boolean) => void,
): TableUrlState {
  const noop = (): void => undefined;
  const pageSize = Math.max(rowCount, 1);
  return {
    pageIndex: 0,
    pageSize,
    sortBy: view.sortBy,
    sortOrder: view.sortDesc ? 'desc' : 'asc',
    names: NAMES,
    defaults: { pageSize, sortBy: 'name', sortOrder: 'asc' },
    setPageIndex: noop,
    setPageSize: noop,
    setSort: (sortBy, order) => setSort(sortBy, order === 'desc'),
    query: { limit: String(pageSize), offset: '0' },
  };
}
