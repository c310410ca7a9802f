import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

export interface FieldProps {
  /** The id of the control inside; the label points at it. */
  id: string;
  label: ReactNode;
  /** Validation message shown under the control (e.g. 'This field is required'). */
  error?: string | undefined;
  /** Help text under the control. */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label + control + hint/error, stacked. The control must use the same `id`. */
export function Field({ id, label, error, hint, required, className, children }: FieldProps) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
