import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** Shared field look for input, textarea and select triggers. */
export const fieldClasses = cn(
  'w-full rounded-md border border-input bg-card px-3 text-sm text-foreground shadow-xs',
  'placeholder:text-muted-foreground',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:border-ring',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive aria-invalid:ring-destructive/30',
);

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Marks the field invalid (red border, aria-invalid). */
  invalid?: boolean;
}

/**
 * Text input. Give it a <Label htmlFor> or aria-label. Add the `data-search` attribute to a
 * page's main search box so the '/' shortcut focuses it.
 */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, invalid, ...rest }, ref) {
  return (
    <input
      ref={ref}
      aria-invalid={invalid || rest['aria-invalid'] || undefined}
      className={cn(fieldClasses, 'h-9 py-1', className)}
      {...rest}
    />
  );
});
