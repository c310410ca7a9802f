import { ANALYSIS_SEVERITIES, ANALYSIS_STATUSES, ANALYSIS_TYPES, encodeConfigType } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { DropdownFilter, useUrlState } from '../../../components/filters';
import { toastError } from '../../../lib/notify';
import { listAnalysis } from '../api/analysis-api';
import { catalogKeys } from '../api/catalog-keys';
import { useConfigTypes, useLookup } from '../api/use-catalog-lookups';
import { INSIGHT_PARAMS, INSIGHTS_PAGING, insightParams } from '../lib/insights-params';
import { usePageUrlState } from '../lib/use-page-url-state';
import { insightColumns } from './insight-columns';
import { InsightPanel } from './insight-panel';

const RESET = ['pageIndex', INSIGHT_PARAMS.insightId] as const;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');

/** Insights (config analysis) with the filters Type, Severity, Analyzer (each with All), paged on the server. */
export function InsightsView({ configId }: { configId?: string }) {
  const [params] = useSearchParams();
  const table = usePageUrlState(INSIGHTS_PAGING);
  const analyzers = useLookup('config_analysis_analyzers', 'analyzer');
  const types = useConfigTypes();
  const [insightId, setInsightId] = useUrlState(INSIGHT_PARAMS.insightId);
  const query = useMemo(() => {
    const p = new URLSearchParams(params);
    p.delete(INSIGHT_PARAMS.insightId);
    return insightParams(p, table.query, configId);
  }, [params, table.query, configId]);
  const insights = useQuery({
    queryKey: catalogKeys.analysis(query),
    queryFn: ({ signal }) => listAnalysis(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  // An insight fetch error is a toast with the message.
  useEffect(() => {
    if (insights.error) toastError(insights.error);
  }, [insights.error]);
  const selected = insights.data?.data.find((r) => r.id === insightId);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <DropdownFilter
          param={INSIGHT_PARAMS.type}
          label="Type"
          options={ANALYSIS_TYPES.map((t) => ({ value: t, label: cap(t) }))}
          resetParams={RESET}
        />
        <DropdownFilter
          param={INSIGHT_PARAMS.severity}
          label="Severity"
          options={ANALYSIS_SEVERITIES.map((s) => ({ value: s, label: cap(s) }))}
          resetParams={RESET}
        />
        <DropdownFilter
          param={INSIGHT_PARAMS.analyzer}
          label="Analyzer"
          options={(analyzers.data ?? []).map((a) => ({ value: a, label: a }))}
          resetParams={RESET}
        />
        <DropdownFilter
          param={INSIGHT_PARAMS.status}
          label="Status"
          options={ANALYSIS_STATUSES.map((s) => ({ value: s, label: cap(s) }))}
          resetParams={RESET}
        />
        {/* Topology components have no list of their own yet: the filter shows when a link carries one. */}
        {!configId && params.get(INSIGHT_PARAMS.component) && (
          <DropdownFilter param={INSIGHT_PARAMS.component} label="Component" options={[]} resetParams={RESET} />
        )}
        {!configId && (
          <DropdownFilter
            param={INSIGHT_PARAMS.configType}
            label="Config Type"
            options={(types.data ?? []).map((t) => ({ value: encodeConfigType(t), label: t }))}
            resetParams={RESET}
          />
        )}
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 lg:flex-row">
        <DataTable
          label="Insights"
          className="min-h-64 flex-1"
          columns={insightColumns(!configId)}
          data={insights.data?.data}
          total={insights.data?.total}
          state={table}
          isLoading={insights.isPending}
          isFetching={insights.isFetching}
          error={insights.error}
          onRetry={() => void insights.refetch()}
          getRowId={(r) => r.id}
          onRowClick={(r) => setInsightId(r.id)}
        />
        {selected && <InsightPanel insight={selected} onClose={() => setInsightId(undefined)} />}
      </div>
    </div>
  );
}
