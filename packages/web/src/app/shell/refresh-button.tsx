import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { IconButton } from '../../components/ui/icon-button';
import { cn } from '../../lib/cn';

/** Refetches the page's active queries; spins while any query is fetching. */
export function RefreshButton() {
  const fetching = useIsFetching() > 0;
  const client = useQueryClient();
  return (
    <IconButton
      label="Refresh"
      aria-busy={fetching}
      onClick={() => void client.refetchQueries({ type: 'active' })}
      icon={<RefreshCw aria-hidden className={cn(fetching && 'animate-spin')} />}
    />
  );
}
