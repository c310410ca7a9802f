import { parseDurationMs } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { StaleMarker, useRefreshRate } from '../../../components/refresh-rate';
import { PageHeader } from '../../../components/ui';
import { useAbout } from '../../../lib/use-about';
import { usePermissions } from '../../../lib/use-whoami';
import { fetchSummary, healthKeys } from '../api/health-api';
import { prefetchSummaryFromUrl, takePrefetchedSummary } from '../api/summary-prefetch';
import { useAgentNames } from '../api/use-agent-names';
import { filterChecks, hiddenPassingCount } from '../lib/check-filters';
import { buildTabs, labelKeys, labelValues } from '../lib/check-tabs';
import { TAB_BY_AGENT } from '../lib/dashboard-params';
import { buildRows, statusCounts } from '../lib/health-rows';
import { buildPivot } from '../lib/pivot';
import { useHealthView } from '../lib/use-health-view';
import { ChecksCards } from '../components/checks-cards';
import { ChecksTable } from '../components/checks-table';
import { HealthFilterBar } from '../components/health-filter-bar';
import { HealthHeaderActions } from '../components/health-header-actions';
import { HealthTabs } from '../components/health-tabs';
import { HiddenPassingNote } from '../components/hidden-passing-note';
import { PivotTable } from '../components/pivot-table';
import type { CheckDetailExtras } from '../check-detail/check-detail-extras';

// The detail modal (chart, history, spec viewer) loads when a check is first opened.
const CheckDetailModal = lazy(() => import('../check-detail/check-detail-modal').then((m) => ({ default: m.CheckDetailModal })));

/** localStorage key of the dashboard's refresh rate (persisted unless None). */
export const HEALTH_REFRESH_RATE_KEY = 'health-refresh-rate';

const NO_CHECKS: never[] = [];

prefetchSummaryFromUrl();

/** /health: checks with uptime and latency, filtered, grouped, tabbed and pivoted from the URL. */
export function HealthPage({ checkDetail }: { checkDetail?: CheckDetailExtras } = {}) {
  const [view, set] = useHealthView();
  const perms = usePermissions();
  // Health-only deployments have no settings pages to add checks in.
  const healthOnly = useAbout().mode === 'health';
  const rangeMs = parseDurationMs(view.timeRange);
  const refresh = useRefreshRate(HEALTH_REFRESH_RATE_KEY, rangeMs);
  const summary = useQuery({
    queryKey: healthKeys.summary(view.timeRange),
    queryFn: ({ signal }) => takePrefetchedSummary(view.timeRange) ?? fetchSummary(view.timeRange, signal),
    refetchInterval: refresh.intervalMs,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const checks = summary.data?.checks_summary ?? NO_CHECKS;
  const counts = useMemo(() => statusCounts(checks), [checks]);
  const agentIds = useMemo(() => checks.map((c) => c.agent_id), [checks]);
  const agentNames = useAgentNames(agentIds, view.tabBy === TAB_BY_AGENT);
  const tabs = useMemo(() => buildTabs(checks, view.tabBy, agentNames), [checks, view.tabBy, agentNames]);
  const keys = useMemo(() => labelKeys(checks), [checks]);
  const labelOptions = useMemo(() => labelValues(checks), [checks]);
  const visible = useMemo(() => filterChecks(checks, view), [checks, view]);
  const hiddenPassing = useMemo(() => hiddenPassingCount(checks, view), [checks, view]);

  // Folded groups belong to one grouping; choosing another grouping starts with every group open.
  const [folded, setFolded] = useState<{ groupBy: string; keys: Set<string> }>({ groupBy: view.groupBy, keys: new Set() });
  const collapsed = folded.groupBy === view.groupBy ? folded.keys : new Set<string>();
  const toggleGroup = useCallback(
    (key: string) =>
      setFolded((f) => {
        const keys = new Set(f.groupBy === view.groupBy ? f.keys : []);
        if (keys.has(key)) keys.delete(key);
        else keys.add(key);
        return { groupBy: view.groupBy, keys };
      }),
    [view.groupBy],
  );
  const rowOptions = { groupBy: view.groupBy, sortBy: view.sortBy, sortDesc: view.sortDesc, collapsed };
  const rows = useMemo(() => buildRows(visible, rowOptions), [visible, view.groupBy, view.sortBy, view.sortDesc, collapsed]); // eslint-disable-line react-hooks/exhaustive-deps
  const pivot = useMemo(
    () =>
      view.pivotBy === 'none' ? undefined : buildPivot(visible, { ...rowOptions, pivotBy: view.pivotBy, pivotLabel: view.pivotLabel }),
    [visible, view, collapsed], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const openCheck = useCallback((id: string) => set({ checkId: id }, true), [set]);
  const setSort = useCallback((sortBy: string, desc: boolean) => set({ sortBy, sortDesc: String(desc) }), [set]);
  const table = {
    isLoading: summary.isPending,
    isFetching: summary.isFetching,
    error: summary.error,
    onRetry: () => void summary.refetch(),
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader
        title="Health"
        actions={
          <>
            <StaleMarker query={summary} toastId="health-refresh" />
            <HealthHeaderActions
              passing={counts.passing}
              failing={counts.failing}
              canAdd={perms.can('canaries', 'write') && !healthOnly}
              refreshing={summary.isFetching}
              onRefresh={() => void summary.refetch()}
              rate={refresh.rate}
              onRateChange={refresh.setRate}
              rangeMs={rangeMs}
            />
          </>
        }
      />
      <HealthFilterBar view={view} set={set} labelKeys={keys} labelOptions={labelOptions} />
      <HealthTabs tabs={tabs} value={view.tab} onChange={(tab) => set({ tab })} />
      <HiddenPassingNote hidden={hiddenPassing} onShow={() => set({ hidePassing: 'false' })} />
      {pivot ? (
        <PivotTable model={pivot} view={view} onSort={setSort} onToggleGroup={toggleGroup} onOpenCheck={openCheck} {...table} />
      ) : view.layout === 'card' ? (
        <ChecksCards rows={rows} onToggleGroup={toggleGroup} onOpenCheck={openCheck} />
      ) : (
        <ChecksTable rows={rows} view={view} onSort={setSort} onToggleGroup={toggleGroup} onOpenCheck={openCheck} {...table} />
      )}
      {view.checkId && (
        <Suspense fallback={null}>
          <CheckDetailModal checkId={view.checkId} onClose={() => set({ checkId: undefined }, true)} extras={checkDetail} />
        </Suspense>
      )}
    </div>
  );
}
