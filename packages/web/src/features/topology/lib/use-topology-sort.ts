import { useCallback } from 'react';
import { useUrlParams } from '../../../components/filters';
import { readStorage, writeStorage } from '../../../lib/local-storage';
import { DEFAULT_SORT, parseSort, type TopologySort } from './health-sort';
import { TOPOLOGY_PARAMS } from './topology-params';

/** localStorage key of the sort preference. */
export const SORT_KEY = 'topology.sort';

/** The stored sort preference, or undefined when none (or unreadable). */
export function storedSort(): TopologySort | undefined {
  const raw = readStorage(SORT_KEY);
  if (!raw) return undefined;
  const [by, order] = raw.split(':');
  return parseSort(by, order);
}

/**
 * The dashboard's sort: the URL's sortBy/sortOrder when present (shared links), else the stored
 * preference, else status ascending. Changing it writes both so a reload keeps it.
 */
export function useTopologySort(): [TopologySort, (sort: TopologySort) => void] {
  const [params, update] = useUrlParams();
  const sort = parseSort(params.get(TOPOLOGY_PARAMS.sortBy), params.get(TOPOLOGY_PARAMS.sortOrder)) ?? storedSort() ?? DEFAULT_SORT;
  const set = useCallback(
    (next: TopologySort) => {
      writeStorage(SORT_KEY, `${next.sortBy}:${next.sortOrder}`);
      update({ [TOPOLOGY_PARAMS.sortBy]: next.sortBy, [TOPOLOGY_PARAMS.sortOrder]: next.sortOrder });
    },
    [update],
  );
  return [sort, set];
}
