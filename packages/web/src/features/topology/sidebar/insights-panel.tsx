import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { fetchComponentInsights } from '../api/sidebar-api';
import { topologyKeys } from '../api/topology-keys';
import { summarySeverity } from '../lib/summary';
import { LoadMore } from './load-more';
import { nextPanelOffset } from './panel-paging';
import { ShowMoreList } from './show-more-list';
import { SidebarPanel } from './sidebar-panel';

const SEVERITY_TEXT: Record<string, string> = {
  critical: 'text-destructive',
  high: 'text-destructive',
  medium: 'text-warning',
  info: 'text-info',
};

/** The Insights panel: open findings on the items linked to the component, 50 a page (the next as the end nears). */
export function InsightsPanel({ componentId }: { componentId: string }) {
  const q = useInfiniteQuery({
    queryKey: topologyKeys.insights(componentId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchComponentInsights(componentId, pageParam, signal),
    getNextPageParam: nextPanelOffset,
  });
  const { fetchNextPage } = q;
  const loadNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return (
    <SidebarPanel title="Insights" count={q.data?.pages[0]?.total ?? undefined} loading={q.isPending} error={q.error}>
      <ShowMoreList
        items={q.data?.pages.flatMap((p) => p.data) ?? []}
        empty="No insights"
        keyOf={(i) => i.id}
        footer={q.hasNextPage ? <LoadMore loading={q.isFetchingNextPage} onVisible={loadNext} label="Loading more insights" /> : undefined}
        render={(i) => {
          const sev = summarySeverity(i.severity) ?? 'info';
          return (
            <Link
              to={`/catalog/insights?component=${componentId}&insightId=${i.id}`}
              className="flex min-w-0 items-center gap-2 hover:underline"
              title={i.message ?? i.summary ?? ''}
            >
              <span className={cn('shrink-0 text-xs font-medium', SEVERITY_TEXT[sev])}>{i.severity}</span>
              <span className="min-w-0 flex-1 truncate">{i.summary || i.message || i.analyzer}</span>
              <span className="max-w-28 shrink-0 truncate text-xs text-muted-foreground">{i.config?.name}</span>
            </Link>
          );
        }}
      />
    </SidebarPanel>
  );
}
