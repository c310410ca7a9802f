import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { healthKeys, runCheckNow } from '../api/health-api';

/**
 * Run Now: runs the check on the server, then refreshes the dashboard and this check.
 * The caller shows it only to admin, editor, responder and commander.
 */
export function RunNowButton({ checkId }: { checkId: string }) {
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: () => runCheckNow(checkId),
    onSuccess: async (res) => {
      const result = res.results[0];
      if (result?.pass) toast.success('Check passed');
      else toast.error(`Check failed${result?.error ? `: ${result.error}` : ''}`);
      await client.invalidateQueries({ queryKey: healthKeys.all });
    },
    onError: toastError,
  });
  return (
    <Button onClick={() => run.mutate()} loading={run.isPending}>
      {!run.isPending && <Play aria-hidden />}
      Run Now
    </Button>
  );
}
