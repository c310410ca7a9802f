import { CloudOff } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-errors';

/** What the marker reads of a polled query (TanStack Query's result has all of it). */
export interface PolledQuery {
  error: unknown;
  isRefetchError: boolean;
  /** When the data on screen was fetched (ms). */
  dataUpdatedAt: number;
  /** When the latest failure happened (ms); a new failure has a new value. */
  errorUpdatedAt: number;
}

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * A background refresh that failed leaves the old data on screen: say so once as a toast (offline, network
 * error or the server's message) and keep a 'Stale since HH:MM' marker until a refresh succeeds.
 */
export function StaleMarker({ query, toastId }: { query: PolledQuery; toastId: string }) {
  const { isRefetchError, error, errorUpdatedAt, dataUpdatedAt } = query;
  useEffect(() => {
    // One toast per page (by id): a failure every poll replaces it rather than stacking.
    if (isRefetchError) toast.error(errorMessage(error), { id: toastId });
  }, [isRefetchError, error, errorUpdatedAt, toastId]);
  if (!isRefetchError) return null;
  const since = time.format(new Date(dataUpdatedAt));
  return (
    <span
      role="status"
      title={errorMessage(error)}
      className="inline-flex items-center gap-1.5 rounded-md border border-warning/50 bg-warning/10 px-2 py-1 text-xs font-medium text-warning"
    >
      <CloudOff aria-hidden className="size-3.5" />
      Stale since {since}
    </span>
  );
}
