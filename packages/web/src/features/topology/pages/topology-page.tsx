import type { TopologyComponent } from '@ops/shared';
import { AlertTriangle, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, PageHeader, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api-errors';
import { useComponentNames, useTopologyTree, zoomedComponent } from '../api/use-topology';
import { TopologyCard } from '../components/topology-card';
import { TopologyFilterBar } from '../components/topology-filter-bar';
import { ancestorIds, topologyCrumbs } from '../lib/breadcrumbs';
import { sortComponents } from '../lib/health-sort';
import { TOPOLOGY_MESSAGES } from '../lib/messages';
import { labelMap, TOPOLOGY_PARAMS, topologyQuery, withoutExcludedLabels } from '../lib/topology-params';
import { useCardWidth } from '../lib/use-card-width';
import { useTopologySort } from '../lib/use-topology-sort';
import { TopologySidebar, type SidebarParts } from '../sidebar/topology-sidebar';

/**
 * /topology and /topology/{id}: component cards under the filters. With an id the cards are the
 * component's children (or the component itself when it has none) and a sidebar shows its details;
 * `sidebar` gives what the app adds to the sidebar for the component (the Playbooks menu, the playbook runs panel).
 */
export function TopologyPage({ sidebar }: { sidebar?: (component: TopologyComponent) => SidebarParts } = {}) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const [sort, setSort] = useTopologySort();
  const [width, setWidth] = useCardWidth();
  // Only the cards come with the page's answer; each card loads its own children once on screen.
  const query = useMemo(() => ({ ...topologyQuery(params, sort, id), depth: '0' }), [params, sort, id]);
  const tree = useTopologyTree(query);
  // The API answers 404 for an unknown id: the same 'Component not found' as an empty answer.
  const missing = !!id && tree.error instanceof ApiError && tree.error.status === 404;
  const zoomed = missing ? ({ kind: 'not-found' } as const) : id && tree.data ? zoomedComponent(tree.data.components, id) : undefined;
  const current = zoomed?.kind === 'ok' ? zoomed.component : undefined;
  const ancestors = useMemo(() => (current && id ? ancestorIds(current.path, id) : []), [current, id]);
  const names = useComponentNames(ancestors);
  const referer = params.get(TOPOLOGY_PARAMS.referer);

  const cards = useMemo((): TopologyComponent[] => {
    if (!tree.data) return [];
    const base = id ? (current ? (current.components?.length ? current.components : [current]) : []) : tree.data.components;
    return sortComponents(withoutExcludedLabels(base, labelMap(params)), sort);
  }, [tree.data, id, current, params, sort]);

  const title = current ? current.title || current.name : 'Dashboard';
  const crumbs = id ? topologyCrumbs(ancestors, names.data ?? new Map(), id) : [];

  return (
    <div className="flex min-h-0 flex-col gap-3">
      <PageHeader title={title} breadcrumbs={crumbs} />
      <TopologyFilterBar sort={sort} onSortChange={setSort} width={width} onWidthChange={setWidth} />
      <div className="flex min-h-0 flex-col gap-4 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          {tree.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner size="lg" />
            </div>
          ) : tree.isError && !tree.data && !missing ? (
            <ErrorState error={tree.error} onRetry={() => void tree.refetch()} />
          ) : zoomed?.kind === 'not-found' ? (
            <EmptyState icon={<SearchX />} title={TOPOLOGY_MESSAGES.notFound} />
          ) : zoomed?.kind === 'multiple' ? (
            <EmptyState icon={<AlertTriangle />} title={TOPOLOGY_MESSAGES.multiple} />
          ) : cards.length === 0 ? (
            <EmptyState icon={<SearchX />} title={TOPOLOGY_MESSAGES.empty} />
          ) : (
            <div className="flex flex-wrap items-start gap-3" data-testid="topology-cards">
              {cards.map((c) => (
                <TopologyCard key={c.id} component={c} width={width} sort={sort} selected={c.id === referer} />
              ))}
            </div>
          )}
        </div>
        {current && <TopologySidebar component={current} {...sidebar?.(current)} />}
      </div>
    </div>
  );
}
