import { PLAYBOOK_RUN_REFRESH_MS, type PlaybookRunWire } from '@ops/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DateCell, PersonCell } from '../../../components/data-table';
import { Button, EmptyState, ErrorState, PageHeader, Spinner } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { playbookKeys } from '../api/playbook-keys';
import { approvePlaybookRun, listApprovableRuns } from '../api/runs-api';
import { PlaybookIcon } from './playbook-icon';
import { PLAYBOOK_PATHS, playbookRunPath } from './playbook-paths';

/** One waiting run: playbook, resource, who asked and when, who approved so far, and Approve. */
function ApprovalRow({ run }: { run: PlaybookRunWire }) {
  const client = useQueryClient();
  const approve = useMutation({
    mutationFn: () => approvePlaybookRun(run.id),
    onSuccess: async () => {
      toast.success('Run approved');
      await client.invalidateQueries({ queryKey: playbookKeys.all });
    },
    onError: toastError,
  });
  const resource = run.component?.name ?? run.config?.name ?? run.check?.name;
  return (
    <li aria-label={`${run.playbook.title} run`} className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-3 py-2 last:border-b-0">
      <Link to={playbookRunPath(run.id)} className="flex min-w-48 flex-1 items-center gap-2 font-medium text-primary hover:underline">
        <PlaybookIcon icon={run.playbook.icon} className="size-4" />
        {run.playbook.title}
      </Link>
      <span className="min-w-32 text-sm text-muted-foreground">{resource ?? 'No resource'}</span>
      <span className="min-w-40 text-sm">{run.created_by ? <PersonCell person={run.created_by} /> : run.trigger}</span>
      <span className="text-sm text-muted-foreground">
        <DateCell value={run.created_at} />
      </span>
      <span className="text-xs text-muted-foreground">
        {run.approvals.length ? `Approved by ${run.approvals.map((a) => a.person.name).join(', ')}` : 'No approvals yet'}
      </span>
      <Button size="sm" loading={approve.isPending} onClick={() => approve.mutate()}>
        <Check aria-hidden /> Approve
      </Button>
    </li>
  );
}

/** /playbooks/approvals: the runs waiting for an approval the caller can give. */
export function PlaybookApprovalsPage() {
  const runs = useQuery({
    queryKey: playbookKeys.approvals(),
    queryFn: ({ signal }) => listApprovableRuns(signal),
    refetchInterval: PLAYBOOK_RUN_REFRESH_MS * 5,
  });
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title="Approvals" breadcrumbs={[{ label: 'Playbooks', to: PLAYBOOK_PATHS.list }]} />
      {runs.isPending && <Spinner label="Loading approvals" className="mx-auto my-12" />}
      {runs.error && <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />}
      {runs.data && runs.data.length === 0 && (
        <EmptyState icon={<ShieldCheck />} title="Nothing to approve" description="Runs waiting for your approval show here." />
      )}
      {!!runs.data?.length && (
        <ul aria-label="Runs waiting for approval" className="rounded-lg border bg-card">
          {runs.data.map((run) => (
            <ApprovalRow key={run.id} run={run} />
          ))}
        </ul>
      )}
    </div>
  );
}
