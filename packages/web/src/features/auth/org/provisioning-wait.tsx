import { MESSAGES } from '@ops/shared';
import { useEffect } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** Shown while the organisation's backend answers who-am-I with 5xx or 404; retries every 5 s. */
export function ProvisioningWait({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    const timer = setInterval(onRetry, 5_000);
    return () => clearInterval(timer);
  }, [onRetry]);
  return (
    <div className="flex h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <Spinner size="lg" label={null} />
      <p role="status" className="text-sm text-muted-foreground">
        {MESSAGES.provisioning}
      </p>
    </div>
  );
}
