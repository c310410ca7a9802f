import type { ResourceSearchItem, ResourceSearchRequest, ResourceSearchResponse, ResourceSelector } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDebouncedCallback } from '../../../components/filters';
import { ErrorState, Input, Select } from '../../../components/ui';
import { paramsKeys, PICKER_LIMIT, searchResources } from '../params/params-api';
import type { RunDialogResource } from './run-target';

const KINDS = [
  { list: 'configs', label: 'Config', id: 'config_id' },
  { list: 'components', label: 'Component', id: 'component_id' },
  { list: 'checks', label: 'Check', id: 'check_id' },
] as const;

interface Choice {
  value: string;
  label: string;
  resource: RunDialogResource;
}

const valueOf = (r: RunDialogResource) =>
  r.config_id ? `config_id:${r.config_id}` : r.component_id ? `component_id:${r.component_id}` : `check_id:${r.check_id ?? ''}`;
const labelOf = (kind: string, r: Pick<ResourceSearchItem, 'name' | 'type'>) => `${kind}: ${r.name}${r.type ? ` (${r.type})` : ''}`;

/** Every found resource as one choice, labelled with its kind and type so same-named items can be told apart. */
export function resourceChoices(found: ResourceSearchResponse | undefined): Choice[] {
  if (!found) return [];
  return KINDS.flatMap((k) =>
    (found[k.list] ?? []).map((r) => {
      const resource: RunDialogResource = { [k.id]: r.id, name: r.name, type: r.type };
      return { value: valueOf(resource), label: labelOf(k.label, r), resource };
    }),
  );
}

/** The selectors narrowed to names containing the typed text (a selector's own search is kept). */
export function withSearch(selectors: ResourceSearchRequest, text: string): ResourceSearchRequest {
  const t = text.trim();
  const narrow = (list: ResourceSelector[] | undefined) => list?.map((s) => (t && !s.search ? { ...s, search: t } : s));
  const out: ResourceSearchRequest = { limit: PICKER_LIMIT };
  if (selectors.configs) out.configs = narrow(selectors.configs)!;
  if (selectors.components) out.components = narrow(selectors.components)!;
  if (selectors.checks) out.checks = narrow(selectors.checks)!;
  return out;
}

export interface ResourcePickerProps {
  /** The playbook's selectors: only resources it may run on are offered. */
  selectors: ResourceSearchRequest;
  value: RunDialogResource | undefined;
  onChange: (resource: RunDialogResource) => void;
}

/**
 * The run dialog's Resource section when no resource was given: the resources the playbook's selectors match,
 * the first 100 by name, narrowed on the server by the typed text.
 */
export function ResourcePicker({ selectors, value, onChange }: ResourcePickerProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const search = useDebouncedCallback(setQuery, 300).run;
  const request = useMemo(() => withSearch(selectors, query), [selectors, query]);
  const found = useQuery({
    queryKey: paramsKeys.search(request),
    queryFn: ({ signal }) => searchResources(request, signal),
    placeholderData: keepPreviousData,
  });
  const choices = useMemo(() => resourceChoices(found.data), [found.data]);
  // The chosen resource stays offered when a later search no longer finds it.
  const options =
    value && !choices.some((c) => c.value === valueOf(value)) ? [{ value: valueOf(value), label: value.name }, ...choices] : choices;
  if (found.error) return <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
  // The section's heading says 'Resource'; the dropdown carries the same name for screen readers and tests.
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Input
        type="search"
        aria-label="Search resources"
        placeholder="Search by name"
        className="sm:w-56"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          search(e.target.value);
        }}
      />
      <Select
        aria-label="Resource"
        className="min-w-0 flex-1"
        value={value ? valueOf(value) : ''}
        placeholder={found.isPending ? 'Loading…' : options.length ? 'Select a resource' : 'No matching resources'}
        options={options.map((c) => ({ value: c.value, label: c.label }))}
        disabled={!options.length}
        onValueChange={(v) => {
          const choice = choices.find((c) => c.value === v);
          if (choice) onChange(choice.resource);
        }}
      />
    </div>
  );
}
