import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Field, Select, type SelectOption } from '../ui';
import { useFieldError } from './use-field-error';

export interface SelectFieldProps {
  name: string;
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}

/** A labelled dropdown bound to the surrounding Form; picking a value marks it touched and validates it. */
export function SelectField({ name, id, label, options, placeholder, required, disabled, hint }: SelectFieldProps) {
  const { control, setValue } = useFormContext();
  const error = useFieldError(name);
  return (
    <Field id={id} label={label} hint={hint} required={required} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select
            id={id}
            value={(field.value as string) || undefined}
            placeholder={placeholder}
            options={options}
            disabled={disabled}
            onValueChange={(value) => setValue(name, value, { shouldTouch: true, shouldValidate: true, shouldDirty: true })}
          />
        )}
      />
    </Field>
  );
}
