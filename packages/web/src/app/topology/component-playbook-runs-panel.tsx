import { formatRelativeTime, isFinalRunStatus, PLAYBOOK_RUN_REFRESH_MS, SIDEBAR_PANEL_PAGE_SIZE } from '@ops/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { listPlaybookRuns, playbookKeys, playbookRunPath, RunStatusBadge } from '../../features/playbooks';
import { LoadMore } from '../../features/topology/sidebar/load-more';
import { nextPanelOffset } from '../../features/topology/sidebar/panel-paging';
import { ShowMoreList } from '../../features/topology/sidebar/show-more-list';
import { SidebarPanel } from '../../features/topology/sidebar/sidebar-panel';

/**
 * The topology sidebar's Playbooks panel: the component's playbook runs, newest first, 50 a page; with every loaded
 * run shown, the next page loads once the end of the list comes within 300 px of the sidebar's bottom. Runs under
 * way are refreshed every 2 s until they end.
 */
export function ComponentPlaybookRunsPanel({ componentId }: { componentId: string }) {
  const runs = useInfiniteQuery({
    queryKey: playbookKeys.runs({ component_id: componentId, panel: true }),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      listPlaybookRuns(
        {
          component_id: `eq.${componentId}`,
          order: 'created_at.desc,id',
          limit: String(SIDEBAR_PANEL_PAGE_SIZE),
          offset: String(pageParam),
        },
        signal,
      ),
    // While a listed run is under way its status is read again as often as the run page does.
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.data.some((r) => !isFinalRunStatus(r.status))) ? PLAYBOOK_RUN_REFRESH_MS : false,
    getNextPageParam: nextPanelOffset,
  });
  const items = runs.data?.pages.flatMap((p) => p.data) ?? [];
  const { fetchNextPage } = runs;
  const loadNext = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const more = runs.hasNextPage ? <LoadMore loading={runs.isFetchingNextPage} onVisible={loadNext} label="Loading more runs" /> : undefined;
  return (
    <SidebarPanel title="Playbooks" count={runs.data?.pages[0]?.total ?? undefined} loading={runs.isPending} error={runs.error}>
      <ShowMoreList
        items={items}
        empty="No playbook runs"
        keyOf={(r) => r.id}
        footer={more}
        render={(r) => (
          <Link to={playbookRunPath(r.id)} className="flex min-w-0 items-center gap-2 hover:underline" data-status={r.status}>
            <span className="min-w-0 flex-1 truncate">{r.playbooks?.title || r.playbooks?.name || 'Playbook'}</span>
            <RunStatusBadge status={r.status} className="shrink-0" />
            <span className="shrink-0 text-xs text-muted-foreground">{formatRelativeTime(r.start_time ?? r.created_at)}</span>
          </Link>
        )}
      />
    </SidebarPanel>
  );
}
