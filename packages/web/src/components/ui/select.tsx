import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

export interface SelectOption {
  /** Must not be '' (Radix reserves it for "no value"); use e.g. 'all'. */
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps {
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  /** id for <Label htmlFor>; or give aria-label. */
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
  className?: string;
  /** Extra classes for the dropdown list. */
  contentClassName?: string;
}

/** A single-choice dropdown (Radix Select): keyboard accessible, role=combobox with options. */
export function Select({
  value,
  onValueChange,
  options,
  placeholder = 'Select…',
  id,
  disabled,
  className,
  contentClassName,
  ...aria
}: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        aria-label={aria['aria-label']}
        className={cn(fieldClasses, 'flex h-9 items-center justify-between gap-2 py-1 text-left', className)}
      >
        <span className="truncate">
          <RadixSelect.Value placeholder={<span className="text-muted-foreground">{placeholder}</span>} />
        </span>
        <RadixSelect.Icon>
          <ChevronDown aria-hidden className="size-4 opacity-60" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className={cn(
            'z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden',
            'rounded-md border bg-popover text-popover-foreground shadow-lg',
            contentClassName,
          )}
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((o) => (
              <RadixSelect.Item
                key={o.value}
                value={o.value}
                disabled={o.disabled}
                className={cn(
                  'relative flex cursor-default select-none items-center rounded-sm py-1.5 pl-7 pr-2 text-sm outline-none',
                  'data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:opacity-50',
                )}
              >
                <RadixSelect.ItemIndicator className="absolute left-2 inline-flex">
                  <Check aria-hidden className="size-3.5" />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
