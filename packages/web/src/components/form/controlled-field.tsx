import type { ReactNode } from 'react';
import { Controller, useFormContext, type ControllerRenderProps, type FieldValues } from 'react-hook-form';
import { Field } from '../ui';
import { useFieldError } from './use-field-error';

export interface ControlledFieldProps {
  name: string;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** Draws the control (a code editor, a custom picker) from the field's value and onChange. */
  render: (field: ControllerRenderProps<FieldValues, string>, invalid: boolean) => ReactNode;
}

/** Label, any controlled control and its error, bound to the surrounding Form. */
export function ControlledField({ name, id, label, hint, required, render }: ControlledFieldProps) {
  const { control } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field id={id} label={label} hint={hint} required={required} error={error}>
      <Controller control={control} name={name} render={({ field }) => <>{render(field, !!error)}</>} />
    </Field>
  );
}
