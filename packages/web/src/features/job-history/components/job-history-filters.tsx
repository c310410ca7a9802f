import { DURATION_OPTIONS, durationLabel, relativeRangeFromOption } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { DropdownFilter, TriStateFilter } from '../../../components/filters';
import { UrlTimeRangePicker } from '../../../components/time-range';
import { listJobNames } from '../api/job-history-api';
import { DEFAULT_STATUS_FILTER, JOB_RESOURCE_TYPES, JOB_STATUS_FILTER } from '../api/job-history-types';

/** The page's URL params for its filters. */
export const JOB_FILTER_PARAMS = { name: 'name', resourceType: 'resourceType', status: 'status', duration: 'duration' } as const;

/** Default time range: the last 2 days. */
export const JOB_DEFAULT_RANGE = relativeRangeFromOption('2d');

const RESET = ['pageIndex'] as const;
const RESOURCE_TYPE_OPTIONS = JOB_RESOURCE_TYPES.map((t) => ({ value: t, label: t }));
const STATUS_OPTIONS = JOB_STATUS_FILTER.map((s) => ({ value: s }));
// 'none' is the duration list's "no filter"; the rest mean "ran at least this long".
const DURATION_FILTER_OPTIONS = DURATION_OPTIONS.filter((d) => d !== 'none').map((d) => ({ value: d, label: `≥ ${durationLabel(d)}` }));

/** Filters above the Jobs History table: Job Name, Resource Type, Status, run duration and time range. */
export function JobHistoryFilters() {
  const names = useQuery({
    queryKey: ['job_history_names'],
    queryFn: ({ signal }) => listJobNames(signal),
    staleTime: 60_000,
  });
  const nameOptions = (names.data ?? []).map((n) => ({ value: n, label: n }));
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" role="group" aria-label="Job history filters">
      <DropdownFilter param={JOB_FILTER_PARAMS.name} label="Job Name" options={nameOptions} resetParams={RESET} />
      <DropdownFilter param={JOB_FILTER_PARAMS.resourceType} label="Resource Type" options={RESOURCE_TYPE_OPTIONS} resetParams={RESET} />
      <TriStateFilter
        param={JOB_FILTER_PARAMS.status}
        label="Status"
        options={STATUS_OPTIONS}
        defaultValue={DEFAULT_STATUS_FILTER}
        resetParams={RESET}
      />
      <DropdownFilter
        param={JOB_FILTER_PARAMS.duration}
        label="Duration"
        allLabel="Any"
        options={DURATION_FILTER_OPTIONS}
        resetParams={RESET}
      />
      <UrlTimeRangePicker defaultRange={JOB_DEFAULT_RANGE} resetParams={RESET} />
    </div>
  );
}
