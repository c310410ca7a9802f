import { PLAYBOOK_RUN_STATUSES, PLAYBOOK_RUNS_DEFAULT_RANGE, relativeRangeLabel, type TimeRange } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { DropdownFilter } from '../../../components/filters';
import { UrlTimeRangePicker } from '../../../components/time-range';
import { playbookKeys } from '../api/playbook-keys';
import { listPlaybookNames } from '../api/playbooks-api';
import { statusLabel } from './run-status-badge';

/** The runs list's URL params. */
export const RUNS_FILTER_PARAMS = { playbook: 'playbook', status: 'status' } as const;

/** Default time range of the runs list: the last 7 days. */
export const RUNS_DEFAULT_RANGE: TimeRange = {
  type: 'relative',
  range: PLAYBOOK_RUNS_DEFAULT_RANGE,
  display: relativeRangeLabel(PLAYBOOK_RUNS_DEFAULT_RANGE),
};

const RESET = ['pageIndex'] as const;
const STATUS_OPTIONS = PLAYBOOK_RUN_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

/** Playbook, Status and time range above the runs table; `fixedPlaybook` hides the playbook choice. */
export function RunsFilters({ fixedPlaybook }: { fixedPlaybook?: boolean }) {
  const names = useQuery({ queryKey: playbookKeys.names(), queryFn: ({ signal }) => listPlaybookNames(signal), staleTime: 60_000 });
  const options = (names.data ?? []).map((p) => ({ value: p.id, label: p.title }));
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" role="group" aria-label="Run filters">
      {!fixedPlaybook && <DropdownFilter param={RUNS_FILTER_PARAMS.playbook} label="Playbook" options={options} resetParams={RESET} />}
      <DropdownFilter param={RUNS_FILTER_PARAMS.status} label="Status" options={STATUS_OPTIONS} resetParams={RESET} />
      <UrlTimeRangePicker defaultRange={RUNS_DEFAULT_RANGE} resetParams={RESET} />
    </div>
  );
}
