import type { ResourceSelector } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { itemsOf, paramsKeys, searchRequestFor, searchResources, type ResourceKind } from './params-api';
import type { ParamFieldProps } from './param-field-props';
import { ParamSelect } from './param-select';

/** The parameter's `filter` as selectors: one selector, a list of them, or none (every resource of the kind). */
export function filterSelectors(filter: unknown): ResourceSelector[] {
  if (Array.isArray(filter)) return filter.filter((f): f is ResourceSelector => !!f && typeof f === 'object');
  return filter && typeof filter === 'object' ? [filter as ResourceSelector] : [];
}

/** A config, component or check parameter: picked from the resources its `filter` selects; the value is the id. */
export function ResourceParam(props: ParamFieldProps) {
  const kind = props.param.type as ResourceKind;
  const request = searchRequestFor(kind, filterSelectors(props.param.properties?.filter));
  const found = useQuery({
    queryKey: paramsKeys.search(request),
    queryFn: ({ signal }) => searchResources(request, signal),
    staleTime: 30_000,
  });
  const options = itemsOf(kind, found.data).map((r) => ({ value: r.id, label: r.type ? `${r.name} (${r.type})` : r.name }));
  return <ParamSelect {...props} options={options} loading={found.isPending} loadError={found.error} />;
}
