import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

/** A centred spinner for an area whose data is loading. */
export function Loading({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div className={cn('flex justify-center py-12', className)}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
