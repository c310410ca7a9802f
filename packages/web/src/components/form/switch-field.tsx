import { Controller, useFormContext } from 'react-hook-form';
import { Label, Switch } from '../ui';

export interface SwitchFieldProps {
  name: string;
  id: string;
  label: string;
  disabled?: boolean;
  className?: string;
}

/** An on/off switch with its label beside it, bound to a boolean of the surrounding Form. */
export function SwitchField({ name, id, label, disabled, className = 'flex items-center gap-2' }: SwitchFieldProps) {
  const { control } = useFormContext();
  return (
    <div className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <Switch id={id} checked={!!field.value} onCheckedChange={field.onChange} disabled={disabled} />}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
