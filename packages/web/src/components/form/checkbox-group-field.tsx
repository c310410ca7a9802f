import { Controller, useFormContext } from 'react-hook-form';
import { Checkbox, Label } from '../ui';
import { useFieldError } from './use-field-error';

export interface CheckboxGroupFieldProps {
  /** The path of a string array in the form. */
  name: string;
  legend: string;
  /** The choices, in the order they are shown and kept in the value. */
  options: readonly string[];
  /** Prefix of the checkboxes' ids (`{idPrefix}-{option}`). */
  idPrefix: string;
  disabled?: boolean;
}

/** A fieldset of checkboxes editing a list of strings, with the list's error under it. */
export function CheckboxGroupField({ name, legend, options, idPrefix, disabled }: CheckboxGroupFieldProps) {
  const { control, setValue } = useFormContext();
  const error = useFieldError(name);
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value = (field.value as string[] | undefined) ?? [];
          const toggle = (option: string, on: boolean): void => {
            const next = options.filter((o) => (o === option ? on : value.includes(o)));
            setValue(name, next, { shouldTouch: true, shouldValidate: true, shouldDirty: true });
          };
          return (
            <>
              {options.map((option) => (
                <div key={option} className="flex items-center gap-2">
                  <Checkbox
                    id={`${idPrefix}-${option}`}
                    checked={value.includes(option)}
                    onCheckedChange={(on) => toggle(option, on)}
                    disabled={disabled}
                  />
                  <Label htmlFor={`${idPrefix}-${option}`} className="capitalize">
                    {option}
                  </Label>
                </div>
              ))}
            </>
          );
        }}
      />
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
