import type { TopologyComponent } from '@ops/shared';
import { decodeTriState, filterValue, type TriStateMap } from '../../../components/filters';
import type { TopologySort } from './health-sort';

/** URL params of the dashboard; the filters live here so a reload or a shared link keeps them. */
export const TOPOLOGY_PARAMS = {
  status: 'status',
  type: 'type',
  team: 'team',
  labels: 'labels',
  agent: 'agent_id',
  hidden: 'showHiddenComponents',
  sortBy: 'sortBy',
  sortOrder: 'sortOrder',
  referer: 'refererId',
} as const;

/** The dashboard's health filter values. */
export const HEALTH_FILTER_VALUES = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** Encodes a label pair as one filter option value ('key=value'). */
export function labelOption(key: string, value: string): string {
  return `${key}=${value}`;
}

/** Whether hidden components are shown: yes unless the param says 'false' or 'no'. */
export function showHidden(params: URLSearchParams): boolean {
  const v = params.get(TOPOLOGY_PARAMS.hidden);
  return v !== 'false' && v !== 'no';
}

/** Query of GET /api/canary/api/topology for the page: filters from the URL, the sort in effect, one level of children. */
export function topologyQuery(params: URLSearchParams, sort: TopologySort, id?: string): Record<string, string> {
  const out: Record<string, string> = { sortBy: sort.sortBy, sortOrder: sort.sortOrder };
  if (id) out.id = id;
  const status = filterValue(params.get(TOPOLOGY_PARAMS.status));
  if (status) out.status = status;
  const type = filterValue(params.get(TOPOLOGY_PARAMS.type));
  if (type) out.type = type;
  const team = filterValue(params.get(TOPOLOGY_PARAMS.team));
  if (team) out.team = team;
  const agent = filterValue(params.get(TOPOLOGY_PARAMS.agent));
  if (agent) out.agent_id = agent;
  const included = Object.entries(labelMap(params))
    .filter(([, s]) => s === 1)
    .map(([v]) => v);
  if (included.length) out.labels = included.join(',');
  if (!showHidden(params)) out.hidden = 'false';
  return out;
}

/** The label filter's tri-state map ('key=value' → 1 include / -1 exclude). */
export function labelMap(params: URLSearchParams): TriStateMap {
  return decodeTriState(params.get(TOPOLOGY_PARAMS.labels));
}

/** Drops components carrying an excluded label (the API filters only by included labels). */
export function withoutExcludedLabels<T extends Pick<TopologyComponent, 'labels'>>(list: readonly T[], map: TriStateMap): T[] {
  const excluded = Object.entries(map)
    .filter(([, s]) => s === -1)
    .map(([v]) => {
      const at = v.indexOf('=');
      return [v.slice(0, at), v.slice(at + 1)] as const;
    });
  if (!excluded.length) return [...list];
  return list.filter((c) => !excluded.some(([k, v]) => c.labels?.[k] === v));
}
