import { canRunNow, defaultRangeFromLastRun, NIL_UUID, parseDurationMs, TIME_RANGE_OPTIONS } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useUrlParams } from '../../../components/filters';
import { Badge, buttonClasses, Dialog, EmptyState, ErrorState, Spinner } from '../../../components/ui';
import { useAbout } from '../../../lib/use-about';
import { usePermissions } from '../../../lib/use-whoami';
import { fetchCheckRecord, fetchGraph, fetchRelationships, healthKeys } from '../api/health-api';
import { useAgentNames } from '../api/use-agent-names';
import { CheckIcon } from '../components/check-icon';
import type { CheckDetailExtras } from './check-detail-extras';
import { CheckLabels } from './check-labels';
import { CheckStats } from './check-stats';
import { ALL_DETAIL_PARAMS, DETAIL_PARAMS } from './detail-params';
import { DetailTabs } from './detail-tabs';
import { RunNowButton } from './run-now-button';
import { HealthOverview } from './health-overview';
import { useMediaQuery } from '../../../lib/use-media-query';

/** Short screens get the Graph tab instead of the chart above the tabs. */
const SHORT_SCREEN = '(max-height: 900px)';

/** The check detail, opened by `checkId` in the URL; closing removes its params. `extras` come from the app. */
export function CheckDetailModal({ checkId, onClose, extras }: { checkId: string; onClose: () => void; extras?: CheckDetailExtras }) {
  const [params, update] = useUrlParams();
  const perms = usePermissions();
  const healthOnly = useAbout().mode === 'health';
  const short = useMediaQuery(SHORT_SCREEN);
  const record = useQuery({ queryKey: healthKeys.check(checkId), queryFn: ({ signal }) => fetchCheckRecord(checkId, signal) });
  const check = record.data;
  const urlRange = params.get(DETAIL_PARAMS.timeRange);
  const timeRange =
    urlRange && (TIME_RANGE_OPTIONS as readonly string[]).includes(urlRange) ? urlRange : defaultRangeFromLastRun(check?.last_runtime);
  const graph = useQuery({
    queryKey: healthKeys.graph(checkId, timeRange),
    queryFn: ({ signal }) => fetchGraph(checkId, timeRange, signal),
    enabled: !!check,
    staleTime: 10_000,
  });
  const relationships = useQuery({
    queryKey: healthKeys.relationships(checkId),
    queryFn: ({ signal }) => fetchRelationships(checkId, signal),
    enabled: !!check,
  });
  const agentIds = useMemo(() => (check ? [check.agent_id] : []), [check]);
  const agents = useAgentNames(agentIds, !!check);
  const rangeMs = parseDurationMs(timeRange) ?? 3_600_000;

  const close = (): void => {
    const patch: Record<string, undefined> = {};
    for (const p of [...ALL_DETAIL_PARAMS, ...(extras?.tabs ?? []).flatMap((t) => t.params ?? [])]) patch[p] = undefined;
    update(patch);
    onClose();
  };
  const agentName = check && check.agent_id !== NIL_UUID ? (agents[check.agent_id] ?? check.agent_id) : undefined;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      size="xl"
      className="h-[90vh]"
      title={
        <span className="flex items-center gap-2">
          <CheckIcon type={check?.type} className="size-5" />
          {check?.name ?? 'Check'}
        </span>
      }
      description={
        check && (
          <span className="flex flex-wrap items-center gap-1.5">
            <Badge variant="outline">{check.namespace || 'none'}</Badge>
            {check.endpoint && (
              <Badge variant="outline" className="max-w-96 truncate font-normal" title={check.endpoint}>
                {check.endpoint}
              </Badge>
            )}
            {agentName && <Badge variant="info">{agentName}</Badge>}
          </span>
        )
      }
      footer={
        check && (
          <>
            {!healthOnly && perms.can('canaries', 'write') && (
              <Link to={`/settings/canaries/${check.canary_id}`} className={buttonClasses('outline', 'md')}>
                <Pencil aria-hidden /> Edit
              </Link>
            )}
            {canRunNow(perms.roles) && <RunNowButton checkId={check.id} />}
            {!healthOnly && extras?.footer?.(check)}
          </>
        )
      }
    >
      {record.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : record.error ? (
        <ErrorState error={record.error} onRetry={() => void record.refetch()} />
      ) : !check ? (
        <EmptyState title="Check not found" />
      ) : (
        <div className="flex h-full min-h-0 flex-col gap-4">
          <CheckLabels labels={check.labels} />
          <CheckStats
            check={check}
            graph={graph.data}
            timeRange={timeRange}
            onTimeRange={(r) => update({ [DETAIL_PARAMS.timeRange]: r })}
          />
          {!short && <HealthOverview graph={graph.data} loading={graph.isPending} />}
          <DetailTabs
            check={check}
            short={short}
            graph={graph.data}
            graphLoading={graph.isPending}
            rangeMs={rangeMs}
            relationships={relationships}
            extraTabs={extras?.tabs}
          />
        </div>
      )}
    </Dialog>
  );
}
