import type { ConfigDetailRow } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui';
import { catalogKeys } from '../api/catalog-keys';
import { takePrefetchedRelated } from '../api/related-prefetch';
import { relatedConfigs } from '../api/relationships-api';
import { loadRelationshipGraph, useRelationshipGraph } from '../graph/load-graph';
import { Loading } from '../components/loading';
import type { RelationshipGraphProps } from '../graph/relationship-graph';
import { filterRelated, readRelationshipView, relatedArgs, REL_PARAMS, type RelationshipView } from '../lib/relationship-params';
import { useHideDeletedCatalog } from '../lib/use-hide-deleted';
import { RelationshipFilterBar } from './relationship-filter-bar';
import { RelationshipsTable } from './relationships-table';

/** The Relationships tab: related items (recursive, depth 10) as a table grouped by type or as a graph. */
export function RelationshipsView({ config }: { config: ConfigDetailRow }) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readRelationshipView(params), [params]);
  const [hideDeleted] = useHideDeletedCatalog();
  // Switching to the graph fetches its chunk beside the related items, not after them; the table loads it
  // once the page is idle, so a click on Graph finds it ready.
  if (view.view === 'graph') void loadRelationshipGraph().catch(() => undefined);
  useEffect(() => {
    if (view.view === 'graph') return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadRelationshipGraph().catch(() => undefined));
    return () => cancel(handle);
  }, [view.view]);
  const args = useMemo(() => relatedArgs(config.id, view, hideDeleted), [config.id, view, hideDeleted]);
  const related = useQuery({
    queryKey: catalogKeys.related(args),
    queryFn: ({ signal }) => takePrefetchedRelated(args)?.catch(() => relatedConfigs(args, signal)) ?? relatedConfigs(args, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const all = useMemo(() => related.data ?? [], [related.data]);
  const items = useMemo(() => filterRelated(all, params), [all, params]);
  const options = useMemo(() => {
    const tagPairs = new Map<string, { key: string; value: string }>();
    for (const i of all) for (const [key, value] of Object.entries(i.tags)) tagPairs.set(`${key}=${value}`, { key, value });
    return {
      types: [...new Set(all.map((i) => i.type))].sort(),
      statuses: [...new Set(all.map((i) => i.status).filter((s): s is string => !!s))].sort(),
      tags: [...tagPairs.values()].sort((a, b) => a.key.localeCompare(b.key) || a.value.localeCompare(b.value)),
    };
  }, [all]);
  const root = useMemo(
    () => ({
      id: config.id,
      name: config.name,
      type: config.type,
      status: config.status,
      health: config.health,
      changes: config.changes,
      deleted_at: config.deleted_at,
      tags: config.tags,
    }),
    [config],
  );
  // Flip one group's expansion; the flipped groups live in the URL so a reload keeps them.
  const toggleGroup = useCallback(
    (groupId: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const groups = next.getAll(REL_PARAMS.group);
          next.delete(REL_PARAMS.group);
          for (const g of groups.includes(groupId) ? groups.filter((g) => g !== groupId) : [...groups, groupId])
            next.append(REL_PARAMS.group, g);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <RelationshipFilterBar view={view} types={options.types} tags={options.tags} statuses={options.statuses} />
      {related.isPending ? (
        <Loading />
      ) : related.error && !related.data ? (
        <ErrorState error={related.error} onRetry={() => void related.refetch()} />
      ) : view.view === 'graph' ? (
        <GraphView root={root} items={items} view={view} onToggle={toggleGroup} />
      ) : items.length === 0 ? (
        <EmptyState title="No result" description="No related items match." />
      ) : (
        <RelationshipsTable items={items} />
      )}
    </div>
  );
}

/** The graph, once React Flow's chunk has loaded (it never enters the shell's first load). */
function GraphView({ view, ...props }: Omit<RelationshipGraphProps, 'direction' | 'edgeStyle' | 'toggled'> & { view: RelationshipView }) {
  const { Graph, error } = useRelationshipGraph();
  if (error) return <ErrorState error={error} />;
  if (!Graph) return <Loading label="Loading graph" />;
  return <Graph {...props} direction={view.direction} edgeStyle={view.edgeStyle} toggled={view.toggled} />;
}
