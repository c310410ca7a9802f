import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface CheckboxProps {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
  className?: string;
}

/** A checkbox (Radix): role=checkbox; pair with <Label htmlFor> or give aria-label. */
export function Checkbox({ checked, onCheckedChange, className, ...rest }: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      checked={checked}
      onCheckedChange={(v) => onCheckedChange(v === true)}
      className={cn(
        'peer inline-flex size-4 shrink-0 items-center justify-center rounded-sm border border-input bg-card',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        className,
      )}
      {...rest}
    >
      <RadixCheckbox.Indicator>
        {checked === 'indeterminate' ? <Minus aria-hidden className="size-3" /> : <Check aria-hidden className="size-3" />}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
