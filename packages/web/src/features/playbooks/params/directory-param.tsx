import { useQuery } from '@tanstack/react-query';
import { listDirectory, paramsKeys } from './params-api';
import type { ParamFieldProps } from './param-field-props';
import { ParamSelect } from './param-select';

/** A people or team parameter: picked by name from the live people or teams; the value is the id. */
export function DirectoryParam(props: ParamFieldProps) {
  const kind = props.param.type === 'team' ? 'teams' : 'people';
  const list = useQuery({ queryKey: paramsKeys.directory(kind), queryFn: ({ signal }) => listDirectory(kind, signal), staleTime: 30_000 });
  const options = (list.data ?? []).map((e) => ({ value: e.id, label: e.email ? `${e.name} (${e.email})` : e.name }));
  return <ParamSelect {...props} options={options} loading={list.isPending} loadError={list.error} />;
}
