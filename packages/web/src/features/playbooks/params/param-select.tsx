import { Controller, useFormContext } from 'react-hook-form';
import { Field, Select, type SelectOption } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { paramLabel, type ParamFieldProps } from './param-field-props';
import { useParamError } from './use-param-error';

/** The option that clears an optional parameter (Radix Select reserves ''). */
const NONE = '__none__';

export interface ParamSelectProps extends ParamFieldProps {
  options: readonly SelectOption[];
  /** The options are still loading, or failed to load. */
  loading?: boolean;
  loadError?: unknown;
}

/**
 * A parameter picked from a list (options, or resources, people and teams by id). An optional one can be set back
 * to None; a value that is not among the options (a default outside the first page) stays shown as it is.
 */
export function ParamSelect({ param, name, id, options, loading, loadError }: ParamSelectProps) {
  const { control, setValue } = useFormContext();
  const error = useParamError(name);
  const hint = loadError ? `Could not load the choices: ${errorMessage(loadError)}` : param.description;
  return (
    <Field id={id} label={paramLabel(param)} hint={hint} required={param.required} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value = typeof field.value === 'string' ? field.value : '';
          const known = !value || options.some((o) => o.value === value);
          const all = [
            ...(param.required ? [] : [{ value: NONE, label: 'None' }]),
            ...(known ? [] : [{ value, label: value }]),
            ...options,
          ];
          return (
            <Select
              id={id}
              value={value}
              options={all}
              placeholder={loading ? 'Loading…' : 'Select…'}
              onValueChange={(v) => setValue(name, v === NONE ? '' : v, { shouldTouch: true, shouldDirty: true, shouldValidate: true })}
            />
          );
        }}
      />
    </Field>
  );
}
