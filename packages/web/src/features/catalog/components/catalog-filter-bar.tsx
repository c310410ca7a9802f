import { CATALOG_GROUP_BY_DEFAULT, encodeConfigType, LABEL_FILTER_SEPARATOR, TAG_GROUP_SUFFIX } from '@ops/shared';
import { useMemo } from 'react';
import { DropdownFilter, SearchBox, TriStateFilter, useUrlParams } from '../../../components/filters';
import { useConfigLabels, useConfigStatuses, useConfigTags, useConfigTypes } from '../api/use-catalog-lookups';
import { CATALOG_PARAMS, type CatalogFilters } from '../lib/catalog-params';
import { HEALTH_CHIP_ORDER } from '../lib/health';
import { MultiSelectFilter, type MultiSelectOption } from './multi-select-filter';

const NO_RESET: readonly string[] = [];
const BASE_GROUPS: MultiSelectOption[] = [
  { value: 'config_class', label: 'Class' },
  { value: 'type', label: 'Type' },
  { value: 'status', label: 'Status' },
  { value: 'health', label: 'Health' },
];

/** Distinct keys of key/value rows, sorted. */
function keysOf(rows: readonly { key: string }[] | undefined): string[] {
  return [...new Set((rows ?? []).map((r) => r.key))].sort();
}

/** Key/value rows as `key__:__value` options. */
function pairOptions(rows: readonly { key: string; value: string }[] | undefined): MultiSelectOption[] {
  return (rows ?? []).map((r) => ({ value: `${r.key}${LABEL_FILTER_SEPARATOR}${r.value}`, label: `${r.key}: ${r.value}` }));
}

const splitList = (raw: string | undefined): string[] => (raw ? raw.split(',').filter(Boolean) : []);

/** The /catalog filters: type, grouping (summary) or group-by property (list), labels, tags, status, health, search. */
export function CatalogFilterBar({ filters, summary }: { filters: CatalogFilters; summary: boolean }) {
  const [, update] = useUrlParams({ [CATALOG_PARAMS.groupBy]: CATALOG_GROUP_BY_DEFAULT });
  const types = useConfigTypes();
  const statuses = useConfigStatuses();
  const labels = useConfigLabels();
  const tags = useConfigTags();
  const typeOptions = useMemo(() => (types.data ?? []).map((t) => ({ value: encodeConfigType(t), label: t })), [types.data]);
  const tagGroups = useMemo(() => keysOf(tags.data).map((k) => ({ value: `${k}${TAG_GROUP_SUFFIX}`, label: `Tag: ${k}` })), [tags.data]);
  const groupOptions = useMemo(
    () => [...BASE_GROUPS, ...tagGroups, ...keysOf(labels.data).map((k) => ({ value: k, label: `Label: ${k}` }))],
    [tagGroups, labels.data],
  );

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <SearchBox param={CATALOG_PARAMS.search} placeholder="Search catalog" resetParams={NO_RESET} />
      <DropdownFilter param={CATALOG_PARAMS.configType} label="Type" options={typeOptions} resetParams={NO_RESET} />
      {summary ? (
        <MultiSelectFilter
          label="Group By"
          options={groupOptions}
          value={filters.groupBy}
          onChange={(list) => update({ [CATALOG_PARAMS.groupBy]: list.length ? list.join(',') : undefined })}
        />
      ) : (
        <DropdownFilter
          param={CATALOG_PARAMS.groupByProp}
          label="Group By"
          allLabel="None"
          options={[...BASE_GROUPS, ...tagGroups]}
          resetParams={NO_RESET}
        />
      )}
      <MultiSelectFilter
        label="Labels"
        options={pairOptions(labels.data)}
        value={splitList(filters.labels)}
        onChange={(list) => update({ [CATALOG_PARAMS.labels]: list.join(',') || undefined })}
      />
      <MultiSelectFilter
        label="Tags"
        options={pairOptions(tags.data)}
        value={splitList(filters.tags)}
        onChange={(list) => update({ [CATALOG_PARAMS.tags]: list.join(',') || undefined })}
      />
      <TriStateFilter
        param={CATALOG_PARAMS.status}
        label="Status"
        options={(statuses.data ?? []).map((value) => ({ value }))}
        resetParams={NO_RESET}
      />
      <TriStateFilter
        param={CATALOG_PARAMS.health}
        label="Health"
        options={HEALTH_CHIP_ORDER.map((value) => ({ value }))}
        resetParams={NO_RESET}
      />
    </div>
  );
}
