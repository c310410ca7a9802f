import { CARD_WIDTH_SLIDER } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownNarrowWide, ArrowUpNarrowWide } from 'lucide-react';
import { useId } from 'react';
import { DropdownFilter, TriStateFilter, useUrlState } from '../../../components/filters';
import { Checkbox, IconButton, Label, Select } from '../../../components/ui';
import { fetchAgents, fetchComponentLabels, fetchComponentTypes, fetchTeams } from '../api/topology-api';
import { topologyKeys } from '../api/topology-keys';
import { SORT_FIELDS, SORT_LABELS, type SortField, type TopologySort } from '../lib/health-sort';
import { HEALTH_FILTER_VALUES, labelOption, TOPOLOGY_PARAMS } from '../lib/topology-params';

const LOOKUP_STALE_MS = 60_000;
const RESET: readonly string[] = [];

export interface TopologyFilterBarProps {
  sort: TopologySort;
  onSortChange: (sort: TopologySort) => void;
  width: number;
  onWidthChange: (width: number) => void;
}

/** The dashboard's controls: Health, Type, Team, labels and Agent filters, hidden toggle, sort and card width. */
export function TopologyFilterBar({ sort, onSortChange, width, onWidthChange }: TopologyFilterBarProps) {
  const types = useQuery({
    queryKey: topologyKeys.types,
    queryFn: ({ signal }) => fetchComponentTypes(signal),
    staleTime: LOOKUP_STALE_MS,
  });
  const labels = useQuery({
    queryKey: topologyKeys.labels,
    queryFn: ({ signal }) => fetchComponentLabels(signal),
    staleTime: LOOKUP_STALE_MS,
  });
  const teams = useQuery({ queryKey: topologyKeys.teams, queryFn: ({ signal }) => fetchTeams(signal), staleTime: LOOKUP_STALE_MS });
  const agents = useQuery({ queryKey: topologyKeys.agents, queryFn: ({ signal }) => fetchAgents(signal), staleTime: LOOKUP_STALE_MS });
  const [hidden, setHidden] = useUrlState(TOPOLOGY_PARAMS.hidden, undefined, { resetParams: RESET });
  const sliderId = useId();
  const hiddenId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2" role="toolbar" aria-label="Topology filters">
      <DropdownFilter
        param={TOPOLOGY_PARAMS.status}
        label="Health"
        resetParams={RESET}
        options={HEALTH_FILTER_VALUES.map((v) => ({ value: v, label: v[0]!.toUpperCase() + v.slice(1) }))}
      />
      <DropdownFilter
        param={TOPOLOGY_PARAMS.type}
        label="Type"
        resetParams={RESET}
        options={(types.data ?? []).map((t) => ({ value: t, label: t }))}
      />
      <DropdownFilter
        param={TOPOLOGY_PARAMS.team}
        label="Team"
        resetParams={RESET}
        options={(teams.data ?? []).map((t) => ({ value: t.name, label: t.name }))}
      />
      <TriStateFilter
        param={TOPOLOGY_PARAMS.labels}
        label="Labels"
        resetParams={RESET}
        options={(labels.data ?? []).map((l) => ({ value: labelOption(l.key, l.value), label: `${l.key}: ${l.value}` }))}
      />
      <DropdownFilter
        param={TOPOLOGY_PARAMS.agent}
        label="Agent"
        resetParams={RESET}
        options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
      />
      <div className="flex items-center gap-2">
        <Checkbox id={hiddenId} checked={hidden !== 'false'} onCheckedChange={(v) => setHidden(v ? undefined : 'false')} />
        <Label htmlFor={hiddenId} className="whitespace-nowrap font-normal">
          Show hidden components
        </Label>
      </div>
      <div className="flex items-center gap-1">
        <Select
          aria-label="Sort by"
          className="min-w-36"
          value={sort.sortBy}
          options={SORT_FIELDS.map((f) => ({ value: f, label: `Sort: ${SORT_LABELS[f]}` }))}
          onValueChange={(v) => onSortChange({ ...sort, sortBy: v as SortField })}
        />
        <IconButton
          label={sort.sortOrder === 'asc' ? 'Ascending' : 'Descending'}
          variant="outline"
          icon={sort.sortOrder === 'asc' ? <ArrowUpNarrowWide aria-hidden /> : <ArrowDownNarrowWide aria-hidden />}
          onClick={() => onSortChange({ ...sort, sortOrder: sort.sortOrder === 'asc' ? 'desc' : 'asc' })}
        />
      </div>
      <div className="flex items-center gap-2">
        <Label htmlFor={sliderId} className="whitespace-nowrap font-normal text-muted-foreground">
          Card width
        </Label>
        <input
          id={sliderId}
          type="range"
          min={CARD_WIDTH_SLIDER.min}
          max={CARD_WIDTH_SLIDER.max}
          step={CARD_WIDTH_SLIDER.step}
          value={width}
          onChange={(e) => onWidthChange(Number(e.target.value))}
          className="w-32 accent-primary"
        />
        <span className="w-12 text-xs tabular-nums text-muted-foreground">{width}px</span>
      </div>
    </div>
  );
}
