import { Controller, useFormContext } from 'react-hook-form';
import { Checkbox, Label } from '../../../components/ui';
import { paramLabel, type ParamFieldProps } from './param-field-props';
import { useParamError } from './use-param-error';

/** A checkbox parameter: true or false, the label beside the box. */
export function CheckboxParam({ param, name, id }: ParamFieldProps) {
  const { control } = useFormContext();
  const error = useParamError(name);
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Controller
          control={control}
          name={name}
          render={({ field }) => <Checkbox id={id} checked={field.value === true} onCheckedChange={(v) => field.onChange(v)} />}
        />
        <Label htmlFor={id}>{paramLabel(param)}</Label>
      </div>
      {param.description && !error && <p className="text-xs text-muted-foreground">{param.description}</p>}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
