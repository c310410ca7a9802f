import type { TimeRange } from '@ops/shared';
import { Select } from '../../../components/ui';
import { TimeRangePicker } from '../../../components/time-range';
import type { ComponentWithLogs } from '../api/logs-api';
import { LogsSearchInput } from './logs-search-input';

const NONE = 'none';

export interface LogsToolbarProps {
  components: readonly ComponentWithLogs[];
  componentId: string | undefined;
  onComponent: (id: string | undefined) => void;
  selectors: readonly string[];
  selector: string | undefined;
  onSelector: (name: string) => void;
  query: string;
  onQuery: (query: string | undefined) => void;
  range: TimeRange;
  onRange: (range: TimeRange) => void;
}

/** Component (None or one with logs), its log selector, the search box and the time range. */
export function LogsToolbar(props: LogsToolbarProps) {
  const { components, componentId, selectors, selector } = props;
  const options = [{ value: NONE, label: 'None' }, ...components.map((c) => ({ value: c.id, label: c.name }))];
  // A component from the URL that the list does not hold (yet) still shows by its id.
  if (componentId && !components.some((c) => c.id === componentId)) options.push({ value: componentId, label: componentId });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        aria-label="Component"
        className="w-56"
        value={componentId ?? NONE}
        options={options}
        onValueChange={(v) => props.onComponent(v === NONE ? undefined : v)}
      />
      <Select
        aria-label="Log selector"
        className="w-44"
        placeholder="Log selector"
        disabled={selectors.length === 0}
        value={selector ?? ''}
        options={selectors.map((s) => ({ value: s, label: s }))}
        onValueChange={props.onSelector}
      />
      <LogsSearchInput value={props.query} onChange={props.onQuery} />
      <TimeRangePicker value={props.range} onChange={props.onRange} showMapped={false} />
    </div>
  );
}
