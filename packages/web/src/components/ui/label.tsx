import type { LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export interface LabelProps extends LabelHTMLAttributes<HTMLLabelElement> {
  /** Adds a red asterisk (the field itself should still carry `required`). */
  required?: boolean;
}

/** A form label; always pair it with the field via htmlFor/id so tests can find fields by label. */
export function Label({ className, required, children, ...rest }: LabelProps) {
  return (
    <label className={cn('text-sm font-medium leading-none text-foreground', className)} {...rest}>
      {children}
      {required && (
        <span aria-hidden className="ml-0.5 text-destructive">
          *
        </span>
      )}
    </label>
  );
}
