import { TIME_RANGE_OPTIONS } from '@ops/shared';
import { LayoutGrid, Table2 } from 'lucide-react';
import { useId } from 'react';
import { SearchBox } from '../../../components/filters';
import { Button, Switch } from '../../../components/ui';
import { GROUP_BY_OPTIONS, HEALTH_PARAMS, PIVOT_CELL_TYPES, TAB_BY_AGENT, type HealthView } from '../lib/dashboard-params';
import { encodeLabelsParam } from '../lib/dashboard-params';
import { PIVOT_BY_OPTIONS } from '../lib/pivot';
import { LabeledSelect } from './labeled-select';
import { LabelFilter } from './label-filter';

export interface HealthFilterBarProps {
  view: HealthView;
  set: (patch: Record<string, string | undefined>) => void;
  labelKeys: string[];
  labelOptions: Array<{ key: string; values: string[] }>;
}

const TIME_OPTIONS = TIME_RANGE_OPTIONS.map((o) => ({ value: o, label: o }));

/** Built-in options first, then label keys that do not clash with them. */
function withLabelKeys(base: ReadonlyArray<{ value: string; label: string }>, keys: string[]) {
  const taken = new Set(base.map((o) => o.value));
  return [...base, ...keys.filter((k) => !taken.has(k)).map((k) => ({ value: k, label: k }))];
}

/** Search, Group By, Tab By, labels, hide passing, pivot, layout and time range — all kept in the URL. */
export function HealthFilterBar({ view, set, labelKeys, labelOptions }: HealthFilterBarProps) {
  const hideId = useId();
  const groupOptions = withLabelKeys(GROUP_BY_OPTIONS, labelKeys);
  const tabOptions = withLabelKeys([{ value: 'namespace', label: 'Namespace' }, { value: TAB_BY_AGENT, label: 'Agent' }], labelKeys);
  const pivoted = view.pivotBy !== 'none';
  return (
    <div className="flex flex-col gap-2" role="group" aria-label="Health filters">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SearchBox param={HEALTH_PARAMS.query} placeholder="Search by name, description, or endpoint" resetParams={[]} className="w-80" />
        <LabeledSelect label="Group By" value={view.groupBy} options={groupOptions} onChange={(v) => set({ groupBy: v })} />
        <LabeledSelect label="Tab By" value={view.tabBy} options={tabOptions} onChange={(v) => set({ tabBy: v, tab: undefined })} />
        <LabelFilter options={labelOptions} value={view.labels} onChange={(m) => set({ labels: encodeLabelsParam(m) })} />
        <div className="flex items-center gap-2">
          <Switch id={hideId} checked={view.hidePassing} onCheckedChange={(on) => set({ hidePassing: on ? 'true' : 'false' })} />
          <label htmlFor={hideId} className="text-sm">
            Hide Passing
          </label>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <LabeledSelect label="Time Range" value={view.timeRange} options={TIME_OPTIONS} onChange={(v) => set({ timeRange: v })} className="min-w-20" />
        <LabeledSelect
          label="Pivot By"
          value={view.pivotBy}
          options={PIVOT_BY_OPTIONS}
          onChange={(v) => set({ pivotBy: v, pivotLabel: v === 'labels' ? (view.pivotLabel ?? labelKeys[0]) : undefined })}
        />
        {view.pivotBy === 'labels' && (
          <LabeledSelect
            label="Pivot Label"
            value={view.pivotLabel ?? ''}
            options={labelKeys.map((k) => ({ value: k, label: k }))}
            onChange={(v) => set({ pivotLabel: v })}
          />
        )}
        {pivoted && (
          <LabeledSelect label="Pivot Cell" value={view.pivotCellType} options={PIVOT_CELL_TYPES} onChange={(v) => set({ pivotCellType: v })} />
        )}
        <div className="ml-auto flex items-center gap-1" role="group" aria-label="Layout">
          <Button variant={view.layout === 'table' ? 'secondary' : 'ghost'} size="sm" aria-pressed={view.layout === 'table'} onClick={() => set({ layout: 'table' })}>
            <Table2 aria-hidden /> Table
          </Button>
          <Button variant={view.layout === 'card' ? 'secondary' : 'ghost'} size="sm" aria-pressed={view.layout === 'card'} onClick={() => set({ layout: 'card' })}>
            <LayoutGrid aria-hidden /> Cards
          </Button>
        </div>
      </div>
    </div>
  );
}
