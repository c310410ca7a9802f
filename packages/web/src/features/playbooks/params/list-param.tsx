import type { PlaybookParameterProperties } from '@ops/shared';
import type { SelectOption } from '../../../components/ui';
import type { ParamFieldProps } from './param-field-props';
import { ParamSelect } from './param-select';

/** The list parameter's options: plain values, or label and value pairs. Empty values cannot be offered. */
export function listOptions(options: PlaybookParameterProperties['options']): SelectOption[] {
  return (options ?? []).flatMap((o) => {
    const option = typeof o === 'string' ? { value: o, label: o } : { value: String(o.value), label: String(o.label || o.value) };
    return option.value === '' ? [] : [option];
  });
}

/** A list parameter: one of the options the playbook declares. */
export function ListParam(props: ParamFieldProps) {
  return <ParamSelect {...props} options={listOptions(props.param.properties?.options)} />;
}
