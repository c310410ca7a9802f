import { TIME_RANGE_OPTIONS } from '@ops/shared';

/** The dashboard's URL params (its view state plus the filter-bar choices). */
export const HEALTH_PARAMS = {
  timeRange: 'timeRange',
  layout: 'layout',
  checkId: 'checkId',
  labels: 'labels',
  query: 'query',
  pivotBy: 'pivotBy',
  pivotLabel: 'pivotLabel',
  pivotCellType: 'pivotCellType',
  sortBy: 'sortBy',
  sortDesc: 'sortDesc',
  groupBy: 'groupBy',
  tabBy: 'tabBy',
  tab: 'tab',
  hidePassing: 'hidePassing',
} as const;

export type Layout = 'table' | 'card';
export type SortColumn = 'name' | 'health' | 'uptime' | 'latency';
export type PivotCellType = 'checkStatuses' | 'uptime' | 'latency';

/** 'no-group' turns grouping off; built-in groupings, else a label key. */
export const NO_GROUPING = 'no-group';
/** Tab-by value for agents (spec: 'Agent'). */
export const TAB_BY_AGENT = 'agent_id';
/** The first tab, which filters nothing. */
export const ALL_TAB = 'all';

/** Defaults: written values equal to these are left out of the URL. */
export const HEALTH_DEFAULTS = {
  timeRange: '1h',
  layout: 'table',
  groupBy: 'canary_name',
  tabBy: 'namespace',
  tab: ALL_TAB,
  hidePassing: 'true',
  sortBy: 'name',
  sortDesc: 'false',
  pivotBy: 'none',
  pivotCellType: 'checkStatuses',
} as const;

/** Built-in Group By choices in display order; label keys follow. */
export const GROUP_BY_OPTIONS = [
  { value: NO_GROUPING, label: 'No Grouping' },
  { value: 'canary_name', label: 'Group Name' },
  { value: 'name', label: 'Name' },
  { value: 'description', label: 'Description' },
  { value: 'type', label: 'Type' },
] as const;

export const SORT_COLUMNS: readonly SortColumn[] = ['name', 'health', 'uptime', 'latency'];
export const PIVOT_CELL_TYPES: readonly { value: PivotCellType; label: string }[] = [
  { value: 'checkStatuses', label: 'Status' },
  { value: 'uptime', label: 'Uptime' },
  { value: 'latency', label: 'Latency' },
];

/** Everything the dashboard shows, as read from the URL. */
export interface HealthView {
  timeRange: string;
  layout: Layout;
  checkId: string | undefined;
  labels: Record<string, 1 | -1>;
  query: string;
  groupBy: string;
  tabBy: string;
  tab: string;
  hidePassing: boolean;
  sortBy: SortColumn;
  sortDesc: boolean;
  pivotBy: string;
  pivotLabel: string | undefined;
  pivotCellType: PivotCellType;
}

/**
 * The labels param: a JSON map of label id ('key=value') to 1 (include) or -1 (exclude).
 * Anything else (bad JSON, other values) is ignored so a hand-edited URL never breaks the page.
 */
export function parseLabelsParam(raw: string | null): Record<string, 1 | -1> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: Record<string, 1 | -1> = {};
    for (const [id, state] of Object.entries(parsed)) {
      const n = Number(state);
      if (n === 1 || n === -1) out[id] = n;
    }
    return out;
  } catch {
    return {};
  }
}

/** The labels param for a map; undefined (param removed) when nothing is selected. */
export function encodeLabelsParam(labels: Readonly<Record<string, number>>): string | undefined {
  const active = Object.entries(labels).filter(([, s]) => s === 1 || s === -1);
  return active.length ? JSON.stringify(Object.fromEntries(active)) : undefined;
}

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** Reads the dashboard state from search params, falling back to the defaults for absent or bad values. */
export function readHealthView(params: URLSearchParams): HealthView {
  const get = (name: string): string | null => params.get(name);
  return {
    timeRange: pick(get(HEALTH_PARAMS.timeRange), TIME_RANGE_OPTIONS, HEALTH_DEFAULTS.timeRange),
    layout: pick<Layout>(get(HEALTH_PARAMS.layout), ['table', 'card'], 'table'),
    checkId: get(HEALTH_PARAMS.checkId) || undefined,
    labels: parseLabelsParam(get(HEALTH_PARAMS.labels)),
    query: get(HEALTH_PARAMS.query)?.trim() ?? '',
    groupBy: get(HEALTH_PARAMS.groupBy) || HEALTH_DEFAULTS.groupBy,
    tabBy: get(HEALTH_PARAMS.tabBy) || HEALTH_DEFAULTS.tabBy,
    tab: get(HEALTH_PARAMS.tab) || ALL_TAB,
    hidePassing: get(HEALTH_PARAMS.hidePassing) !== 'false',
    sortBy: pick(get(HEALTH_PARAMS.sortBy), SORT_COLUMNS, 'name'),
    sortDesc: get(HEALTH_PARAMS.sortDesc) === 'true',
    pivotBy: get(HEALTH_PARAMS.pivotBy) || HEALTH_DEFAULTS.pivotBy,
    pivotLabel: get(HEALTH_PARAMS.pivotLabel) || undefined,
    pivotCellType: pick(
      get(HEALTH_PARAMS.pivotCellType),
      PIVOT_CELL_TYPES.map((p) => p.value),
      'checkStatuses',
    ),
  };
}
