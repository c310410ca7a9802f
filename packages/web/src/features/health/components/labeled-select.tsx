import { useId } from 'react';
import { Select, type SelectOption } from '../../../components/ui';
import { cn } from '../../../lib/cn';

export interface LabeledSelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  className?: string;
}

/** A visible label and a dropdown it names (getByLabel / getByRole('combobox', {name}) find it). */
export function LabeledSelect({ label, value, options, onChange, className }: LabeledSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="whitespace-nowrap text-sm text-muted-foreground">
        {label}
      </label>
      <Select id={id} value={value} options={options} onValueChange={onChange} className={cn('min-w-32', className)} />
    </div>
  );
}
