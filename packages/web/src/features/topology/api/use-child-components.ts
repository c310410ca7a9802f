import type { TopologyComponent } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { fetchTopology } from './topology-api';
import { topologyKeys } from './topology-keys';

/** How many direct children a component has: its nested list when loaded, else the summary's counts by health. */
export function childCount(c: Pick<TopologyComponent, 'components' | 'summary'>): number {
  if (c.components) return c.components.length;
  const s = c.summary ?? {};
  return (s.healthy ?? 0) + (s.unhealthy ?? 0) + (s.warning ?? 0) + (s.unknown ?? 0);
}

/**
 * A card's child components: the nested list when the page's answer carried it, else fetched for this
 * card alone once `enabled` (the card is on screen), so the dashboard's first answer holds only its cards.
 */
export function useChildComponents(c: TopologyComponent, enabled: boolean): { items: TopologyComponent[]; loading: boolean } {
  const nested = c.components;
  const query = { id: c.id, depth: '0' };
  const q = useQuery({
    queryKey: topologyKeys.tree(query),
    queryFn: ({ signal }) => fetchTopology(query, signal),
    enabled: enabled && nested === undefined,
    staleTime: 30_000,
  });
  if (nested) return { items: nested, loading: false };
  const self = q.data?.components.find((x) => x.id === c.id) ?? q.data?.components[0];
  return { items: self?.components ?? [], loading: enabled && q.isPending };
}
