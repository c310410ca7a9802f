import type { TopologyComponent } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchComponentNames, fetchTopology } from './topology-api';
import { topologyKeys } from './topology-keys';

/** How often the dashboard refreshes health (the summaries change as checks run). */
const TOPOLOGY_REFRESH_MS = 60_000;

/** The tree for a query; the previous result stays on screen while a filter change loads. */
export function useTopologyTree(query: Record<string, string>) {
  return useQuery({
    queryKey: topologyKeys.tree(query),
    queryFn: ({ signal }) => fetchTopology(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    refetchInterval: TOPOLOGY_REFRESH_MS,
  });
}

/** Names of the given component ids, as a map (breadcrumbs). */
export function useComponentNames(ids: readonly string[]) {
  return useQuery({
    queryKey: topologyKeys.names(ids),
    queryFn: async ({ signal }) => new Map((await fetchComponentNames(ids, signal)).map((c) => [c.id, c.title || c.name])),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

/** The page's one component for an id, or the reason there is none. */
export type ZoomedComponent = { kind: 'ok'; component: TopologyComponent } | { kind: 'not-found' } | { kind: 'multiple' };

/** Picks the component of an id out of a response: exactly one is expected. */
export function zoomedComponent(components: readonly TopologyComponent[], id: string): ZoomedComponent {
  const matching = components.filter((c) => c.id === id);
  const list = matching.length ? matching : components;
  if (list.length === 0) return { kind: 'not-found' };
  if (list.length > 1) return { kind: 'multiple' };
  return { kind: 'ok', component: list[0]! };
}
