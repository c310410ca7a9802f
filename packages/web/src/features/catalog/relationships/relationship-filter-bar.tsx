import { encodeConfigType, LABEL_FILTER_SEPARATOR } from '@ops/shared';
import { useId } from 'react';
import { DropdownFilter, TriStateFilter, useUrlParams } from '../../../components/filters';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { MultiSelectFilter } from '../components/multi-select-filter';
import { HEALTH_CHIP_ORDER } from '../lib/health';
import { REL_PARAMS, type RelationshipView } from '../lib/relationship-params';

const NONE: readonly string[] = [];

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border p-0.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn('rounded px-2.5 py-1 text-sm', value === o.value ? 'bg-primary text-primary-foreground' : 'hover:bg-accent')}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

export interface RelationshipFilterBarProps {
  view: RelationshipView;
  /** Types and tags present among the related items, for the filter options. */
  types: string[];
  tags: { key: string; value: string }[];
  statuses: string[];
}

/**
 * The Relationships filter bar: config types, labels, relationship, status, health; the
 * Outgoing, Incoming and Soft toggles; Table/Graph; and for the graph its layout and edge-style toggles.
 */
export function RelationshipFilterBar({ view, types, tags, statuses }: RelationshipFilterBarProps) {
  const [params, update] = useUrlParams({ [REL_PARAMS.view]: 'table', [REL_PARAMS.direction]: 'LR', [REL_PARAMS.edgeStyle]: 'bezier' });
  const labels = (params.get(REL_PARAMS.labels) ?? '').split(',').filter(Boolean);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <TriStateFilter
          param={REL_PARAMS.configTypes}
          label="Config Types"
          options={types.map((t) => ({ value: encodeConfigType(t), label: t }))}
          resetParams={NONE}
        />
        <MultiSelectFilter
          label="Labels"
          options={tags.map((t) => ({ value: `${t.key}${LABEL_FILTER_SEPARATOR}${t.value}`, label: `${t.key}: ${t.value}` }))}
          value={labels}
          onChange={(list) => update({ [REL_PARAMS.labels]: list.join(',') || undefined })}
        />
        <DropdownFilter
          param={REL_PARAMS.relationship}
          label="Relationship"
          options={[
            { value: 'hard', label: 'Parent / child' },
            { value: 'soft', label: 'Linked (soft)' },
          ]}
          resetParams={NONE}
        />
        <TriStateFilter param={REL_PARAMS.status} label="Status" options={statuses.map((value) => ({ value }))} resetParams={NONE} />
        <TriStateFilter
          param={REL_PARAMS.health}
          label="Health"
          options={HEALTH_CHIP_ORDER.map((value) => ({ value }))}
          resetParams={NONE}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Toggle label="Outgoing" checked={view.outgoing} onChange={(on) => update({ [REL_PARAMS.outgoing]: on ? undefined : 'false' })} />
        <Toggle label="Incoming" checked={view.incoming} onChange={(on) => update({ [REL_PARAMS.incoming]: on ? undefined : 'false' })} />
        <Toggle label="Soft" checked={view.soft} onChange={(on) => update({ [REL_PARAMS.relation]: on ? undefined : 'hard' })} />
        <Segmented
          label="View"
          value={view.view}
          options={[
            { value: 'table', label: 'Table' },
            { value: 'graph', label: 'Graph' },
          ]}
          onChange={(v) => update({ [REL_PARAMS.view]: v }, { replace: false })}
        />
        {view.view === 'graph' && (
          <>
            <Segmented
              label="Layout direction"
              value={view.direction}
              options={[
                { value: 'LR', label: 'Left to right' },
                { value: 'TB', label: 'Top to bottom' },
              ]}
              onChange={(v) => update({ [REL_PARAMS.direction]: v })}
            />
            <Segmented
              label="Edge style"
              value={view.edgeStyle}
              options={[
                { value: 'bezier', label: 'Bezier' },
                { value: 'smoothstep', label: 'Smooth step' },
              ]}
              onChange={(v) => update({ [REL_PARAMS.edgeStyle]: v })}
            />
          </>
        )}
      </div>
    </div>
  );
}
