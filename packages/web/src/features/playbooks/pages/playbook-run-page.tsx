import { isFinalRunStatus, PLAYBOOK_RUN_REFRESH_MS } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useUrlState } from '../../../components/filters';
import { ErrorState, PageHeader, Spinner } from '../../../components/ui';
import { playbookKeys } from '../api/playbook-keys';
import { getPlaybookRun } from '../api/runs-api';
import { defaultStep, runSteps } from '../lib/run-steps';
import { ActionLogPane } from '../runs/action-log-pane';
import { RunHeader } from '../runs/run-header';
import { RunStepsList } from '../runs/run-steps-list';
import { PLAYBOOK_PATHS } from './playbook-paths';

/**
 * /playbooks/runs/{id}: the run's header and buttons, its steps on the left and the selected step's log on the
 * right (the step in the URL as ?action=). The run refreshes every 2 s until it is final.
 */
export function PlaybookRunPage() {
  const { id = '' } = useParams();
  const [selected, setSelected] = useUrlState('action');
  const run = useQuery({
    queryKey: playbookKeys.run(id),
    queryFn: ({ signal }) => getPlaybookRun(id, signal),
    refetchInterval: (q) => (q.state.data && isFinalRunStatus(q.state.data.status) ? false : PLAYBOOK_RUN_REFRESH_MS),
  });
  const title = run.data ? run.data.playbook.title : 'Playbook Run';
  const crumbs = [
    { label: 'Playbooks', to: PLAYBOOK_PATHS.list },
    { label: 'Runs', to: PLAYBOOK_PATHS.runs },
  ];
  if (run.isPending)
    return (
      <>
        <PageHeader title={title} breadcrumbs={crumbs} />
        <Spinner label="Loading run" className="m-auto" />
      </>
    );
  if (run.error) return <ErrorState error={run.error} onRetry={() => void run.refetch()} />;
  const steps = runSteps(run.data);
  const step = steps.find((s) => s.id === selected && s.selectable) ?? defaultStep(steps);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <PageHeader title={title} breadcrumbs={crumbs} />
      <RunHeader run={run.data} />
      <div className="flex min-h-[24rem] flex-1 flex-col overflow-hidden rounded-lg border bg-card md:flex-row">
        <nav aria-label="Run steps" className="max-h-60 shrink-0 overflow-auto border-b md:max-h-none md:w-72 md:border-b-0 md:border-r">
          <RunStepsList steps={steps} selectedId={step?.id} onSelect={(s) => setSelected(s.id)} />
        </nav>
        <div className="flex min-h-80 min-w-0 flex-1 flex-col">
          <ActionLogPane run={run.data} step={step} />
        </div>
      </div>
    </div>
  );
}
