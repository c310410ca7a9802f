import { Controller, useFormContext } from 'react-hook-form';
import { Field, Input, Select, Textarea } from '../../../components/ui';
import type { FieldDef } from './check-fields';
import { errorAt, fieldId, READ_ONLY_CLASS, toNumberValue } from './field-id';

export interface SimpleFieldProps {
  def: FieldDef;
  /** Path of the check entry in the form values, e.g. 'checks.0.entry'. */
  base: string;
  readOnly: boolean;
}

/** Text, long text, number and select fields of a check form, validated on blur and change. */
export function SimpleField({ def, base, readOnly }: SimpleFieldProps) {
  const { register, control, formState } = useFormContext();
  const path = `${base}.${def.path}`;
  const id = fieldId(path);
  const error = errorAt(formState, path);
  const common = { id, readOnly, 'aria-invalid': !!error || undefined, placeholder: def.placeholder, className: READ_ONLY_CLASS };
  let control_;
  if (def.kind === 'textarea')
    control_ = <Textarea {...common} rows={4} className={`font-mono text-xs ${READ_ONLY_CLASS}`} {...register(path)} />;
  else if (def.kind === 'number') control_ = <Input {...common} inputMode="numeric" {...register(path, { setValueAs: toNumberValue })} />;
  else if (def.kind === 'select')
    control_ = (
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <Select
            id={id}
            disabled={readOnly}
            value={typeof field.value === 'string' ? field.value.toUpperCase() : (def.options?.[0] ?? '')}
            options={(def.options ?? []).map((o) => ({ value: o, label: o }))}
            onValueChange={(v) => field.onChange(v)}
          />
        )}
      />
    );
  else control_ = <Input {...common} {...register(path)} />;
  return (
    <Field id={id} label={def.label} required={def.required} error={error}>
      {control_}
    </Field>
  );
}
