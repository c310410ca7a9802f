import type { TimeRange } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../../components/filters';
import { EmptyState, ErrorState, PageHeader, Spinner } from '../../../components/ui';
import { componentsWithLogs, logsKeys } from '../api/logs-api';
import { useLogLines } from '../api/use-log-lines';
import { DownloadLogsMenu } from '../components/download-logs-menu';
import { LogTable } from '../components/log-table';
import { LogsToolbar } from '../components/logs-toolbar';
import { paramsFromRange, rangeFromParams, rangeStartDate } from '../lib/logs-range';
import { LOGS_MESSAGES } from '../logs-messages';

/**
 * /logs: a component's log lines. Everything the user picks is in the URL (topologyId, logsSelector, query, start,
 * end), so a reload or a shared link shows the same lines; the first selector is used until another is picked.
 */
export function LogsPage() {
  const [params, update] = useUrlParams();
  const componentId = params.get('topologyId') || undefined;
  const query = params.get('query') ?? '';
  const startParam = params.get('start');
  const endParam = params.get('end');
  const range = useMemo(() => rangeFromParams(startParam, endParam), [startParam, endParam]);

  const components = useQuery({ queryKey: logsKeys.components(), queryFn: ({ signal }) => componentsWithLogs(signal) });
  const component = components.data?.find((c) => c.id === componentId);
  const selectors = useMemo(() => component?.logs.map((l) => l.name) ?? [], [component]);
  const wanted = params.get('logsSelector') || undefined;
  const selector = wanted && (selectors.length === 0 || selectors.includes(wanted)) ? wanted : selectors[0];

  const start = range.type === 'absolute' ? range.from : range.type === 'relative' ? range.range : undefined;
  const end = range.type === 'absolute' ? range.to : undefined;
  // Waits for the component list so the selector is known (one request, not one without it and one with it).
  const logs = useLogLines(
    componentId && !components.isPending
      ? { id: componentId, ...(selector ? { name: selector } : {}), ...(query ? { query } : {}), start, ...(end ? { end } : {}) }
      : undefined,
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = logs;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const name = component?.name ?? componentId ?? '';
  const title = componentId ? `Logs - ${name}` : 'Logs';
  const setRange = (next: TimeRange) => update(paramsFromRange(next), { replace: false });

  let body;
  if (components.isError && !components.data) body = <EmptyState title={LOGS_MESSAGES.componentsFailed} />;
  else if (!componentId) body = <EmptyState title={LOGS_MESSAGES.noComponent} />;
  else if (logs.isPending || components.isPending) body = <Spinner size="lg" label="Loading logs" />;
  else if (logs.isError && logs.lines.length === 0) body = <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />;
  else if (logs.lines.length === 0) body = <EmptyState title={LOGS_MESSAGES.empty} />;
  else {
    body = (
      <LogTable
        key={`${componentId}|${selector ?? ''}|${query}|${start ?? ''}|${end ?? ''}`}
        label={title}
        lines={logs.lines}
        hasMore={!!hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={loadMore}
      />
    );
  }

  return (
    <div className="flex h-[calc(100dvh-5.5rem)] min-h-96 flex-col gap-3">
      <PageHeader
        title={title}
        actions={
          componentId ? (
            <DownloadLogsMenu lines={logs.lines} name={name} start={rangeStartDate(range)} disabled={logs.lines.length === 0} />
          ) : undefined
        }
      />
      <LogsToolbar
        components={components.data ?? []}
        componentId={componentId}
        onComponent={(id) => update({ topologyId: id, logsSelector: undefined }, { replace: false })}
        selectors={selectors}
        selector={selector}
        onSelector={(s) => update({ logsSelector: s === selectors[0] ? undefined : s })}
        query={query}
        onQuery={(q) => update({ query: q })}
        range={range}
        onRange={setRange}
      />
      {logs.lines.length > 0 && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {logs.lines.length.toLocaleString()} lines{hasNextPage ? ', scroll for older lines' : ''}
        </p>
      )}
      {body}
    </div>
  );
}
