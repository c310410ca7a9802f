import { isFinalRunStatus, type PlaybookRunWire } from '@ops/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, RotateCcw, Square } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { usePermissions } from '../../../lib/use-whoami';
import { playbookKeys } from '../api/playbook-keys';
import { approvePlaybookRun, cancelPlaybookRun, rerunPlaybookRun } from '../api/runs-api';
import { playbookRunPath } from '../pages/playbook-paths';
import { DownloadRunLog } from './download-run-log';
import { RunParamsDialog } from './params-dialog';

/** The run page's buttons: Params, Re-run (same parameters), Cancel while not final, Approve for approvers, Download. */
export function RunActions({ run }: { run: PlaybookRunWire }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const canRun = can('playbooks', 'write');
  const refresh = () => client.invalidateQueries({ queryKey: playbookKeys.run(run.id) });
  const rerun = useMutation({
    mutationFn: () => rerunPlaybookRun(run.id),
    onSuccess: async (runId) => {
      await client.invalidateQueries({ queryKey: ['playbooks', 'runs'] });
      void navigate(playbookRunPath(runId));
    },
    onError: toastError,
  });
  const cancel = useMutation({
    mutationFn: () => cancelPlaybookRun(run.id),
    onSuccess: async () => {
      toast.success('Run cancelled');
      await refresh();
    },
    onError: toastError,
  });
  const approve = useMutation({
    mutationFn: () => approvePlaybookRun(run.id),
    onSuccess: async () => {
      toast.success('Run approved');
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: playbookKeys.approvals() })]);
    },
    onError: toastError,
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <RunParamsDialog parameters={run.parameters} />
      {run.can_approve && run.status === 'pending_approval' && (
        <Button size="sm" loading={approve.isPending} onClick={() => approve.mutate()}>
          <Check aria-hidden /> Approve
        </Button>
      )}
      {canRun && !isFinalRunStatus(run.status) && (
        <Button size="sm" variant="outline" loading={cancel.isPending} onClick={() => cancel.mutate()}>
          <Square aria-hidden /> Cancel
        </Button>
      )}
      {canRun && (
        <Button size="sm" variant="outline" loading={rerun.isPending} onClick={() => rerun.mutate()}>
          <RotateCcw aria-hidden /> Re-run
        </Button>
      )}
      <DownloadRunLog run={run} />
    </div>
  );
}
