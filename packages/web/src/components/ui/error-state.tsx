import { AlertTriangle } from 'lucide-react';
import { ForbiddenError, errorMessage } from '../../lib/api-errors';
import { Button } from './button';
import { Unauthorized } from './unauthorized';

export interface ErrorStateProps {
  error: unknown;
  /** Shows a Retry button (e.g. query.refetch). */
  onRetry?: () => void;
}

/** What a failed query shows: Unauthorized for a 403, else the error text with an optional Retry. */
export function ErrorState({ error, onRetry }: ErrorStateProps) {
  if (error instanceof ForbiddenError) return <Unauthorized />;
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-2 px-6 py-12 text-center">
      <AlertTriangle aria-hidden className="size-8 text-destructive" />
      <p className="text-sm text-foreground">{errorMessage(error)}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
