import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useUrlParams } from '../../../components/filters';
import { useTimeRangeParams } from '../../../components/time-range';
import { PageHeader } from '../../../components/ui';
import { playbookKeys } from '../api/playbook-keys';
import { listPlaybookNames } from '../api/playbooks-api';
import { RUNS_DEFAULT_RANGE, RUNS_FILTER_PARAMS, RunsFilters } from '../runs/runs-filters';
import { PlaybookRunsTable } from '../runs/runs-table';
import { PLAYBOOK_PATHS } from './playbook-paths';

const RESET = ['pageIndex'] as const;

/**
 * /playbooks/runs (filters playbook, status and time range in the URL, last 7 days by default, 150 a page) and
 * /playbooks/{id}, the same list for one playbook (where job history links a playbook run).
 */
export function PlaybookRunsPage() {
  const { id: routePlaybook } = useParams();
  const [params] = useUrlParams();
  const range = useTimeRangeParams({ defaultRange: RUNS_DEFAULT_RANGE, resetParams: RESET });
  const playbookId = routePlaybook ?? params.get(RUNS_FILTER_PARAMS.playbook) ?? undefined;
  const names = useQuery({ queryKey: playbookKeys.names(), queryFn: ({ signal }) => listPlaybookNames(signal), staleTime: 60_000 });
  const title = routePlaybook ? (names.data?.find((p) => p.id === routePlaybook)?.title ?? 'Playbook') : 'Playbook Runs';
  const filters = { playbookId, status: params.get(RUNS_FILTER_PARAMS.status) ?? undefined };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title={routePlaybook ? `${title} Runs` : title} breadcrumbs={[{ label: 'Playbooks', to: PLAYBOOK_PATHS.list }]} />
      <RunsFilters fixedPlaybook={!!routePlaybook} />
      <PlaybookRunsTable filters={filters} timeRange={range.range} />
    </div>
  );
}
