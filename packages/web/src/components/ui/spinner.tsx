import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

const SIZES = { sm: 'size-3.5', md: 'size-5', lg: 'size-8' } as const;

export interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Screen-reader text; pass null when the spinner is decorative (e.g. inside a busy button). */
  label?: string | null;
  className?: string;
}

/** A spinning loader; announced as status "Loading" unless `label` is null. */
export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const icon = <Loader2 aria-hidden className={cn('animate-spin text-current', SIZES[size], className)} />;
  if (label === null) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {icon}
    </span>
  );
}
