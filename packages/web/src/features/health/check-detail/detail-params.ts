/** URL params of the check detail modal (beside the dashboard's checkId). */
export const DETAIL_PARAMS = {
  timeRange: 'checkTimeRange',
  tab: 'checkTab',
  historyStatus: 'historyStatus',
  historyDuration: 'historyDuration',
  historyPageIndex: 'historyPageIndex',
  historyPageSize: 'historyPageSize',
} as const;

/** Every param the modal owns; closing the modal removes them. */
export const ALL_DETAIL_PARAMS: readonly string[] = Object.values(DETAIL_PARAMS);

export type DetailTab = 'history' | 'graph' | 'spec' | 'relationships';
export const DETAIL_TABS: readonly DetailTab[] = ['history', 'graph', 'spec', 'relationships'];
