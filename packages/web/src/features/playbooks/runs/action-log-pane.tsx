import { isFinalActionStatus, PLAYBOOK_ACTION_REFRESH_MS, type PlaybookRunWire } from '@ops/shared';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { Button, EmptyState, ErrorState, Spinner } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';
import { playbookKeys } from '../api/playbook-keys';
import { downloadArtifact, getPlaybookRunAction } from '../api/runs-api';
import { actionLogParts, LogDocument } from '../lib/log-lines';
import { INITIALIZATION_STEP, type RunStep } from '../lib/run-steps';
import { formatRunDuration, runDurationMs } from '../lib/run-times';
import { LogView } from './log-view';
import { RunStatusBadge } from './run-status-badge';

/** The right pane of the run page: the selected step's log, refreshed every second until the action is final. */
export function ActionLogPane({ run, step }: { run: PlaybookRunWire; step: RunStep | undefined }) {
  if (!step) return <EmptyState title="No step selected" description="Pick a step on the left to see its log." />;
  if (step.id === INITIALIZATION_STEP) return <InitializationLog run={run} step={step} />;
  return <ActionLog key={step.id} step={step} />;
}

function PaneHeader({ step, lines }: { step: RunStep; lines?: number }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b px-3 py-2">
      <h2 className="text-sm font-semibold">{step.attempt > 1 ? `${step.name} (attempt ${step.attempt})` : step.name}</h2>
      <RunStatusBadge status={step.status} />
      <span className="text-xs tabular-nums text-muted-foreground">{formatRunDuration(runDurationMs(step))}</span>
      {lines !== undefined && <span className="ml-auto text-xs text-muted-foreground">{lines.toLocaleString()} lines</span>}
    </div>
  );
}

function InitializationLog({ run, step }: { run: PlaybookRunWire; step: RunStep }) {
  const doc = useMemo(() => new LogDocument([{ stream: 'error', text: run.error ?? '' }]), [run.error]);
  return (
    <section aria-label="Initialization log" className="flex min-h-0 flex-1 flex-col">
      <PaneHeader step={step} lines={doc.lineCount} />
      <LogView doc={doc} label="Log of Initialization" />
    </section>
  );
}

function ActionLog({ step }: { step: RunStep }) {
  const action = useQuery({
    queryKey: playbookKeys.action(step.id),
    queryFn: ({ signal }) => getPlaybookRunAction(step.id, signal),
    refetchInterval: (q) => (q.state.data && isFinalActionStatus(q.state.data.status) ? false : PLAYBOOK_ACTION_REFRESH_MS),
  });
  const doc = useMemo(() => (action.data ? new LogDocument(actionLogParts(action.data)) : undefined), [action.data]);
  const shown = action.data
    ? { ...step, status: action.data.status, start_time: action.data.start_time, end_time: action.data.end_time }
    : step;
  const running = !!action.data && !isFinalActionStatus(action.data.status);
  return (
    <section aria-label={`${step.name} log`} className="flex min-h-0 flex-1 flex-col">
      <PaneHeader step={shown} lines={doc?.lineCount} />
      {action.isPending && <Spinner label="Loading log" className="m-auto" />}
      {action.error && <ErrorState error={action.error} onRetry={() => void action.refetch()} />}
      {doc && doc.lineCount === 0 && (
        <EmptyState title={running ? 'Waiting for output…' : 'No output'} description={running ? undefined : 'This step wrote nothing.'} />
      )}
      {doc && doc.lineCount > 0 && <LogView doc={doc} label={`Log of ${step.name}`} follow={running} />}
      {!!action.data?.artifacts.length && (
        <div className="flex flex-wrap items-center gap-2 border-t px-3 py-2" role="group" aria-label="Artifacts">
          <span className="text-xs text-muted-foreground">Artifacts</span>
          {action.data.artifacts.map((a) => (
            <Button
              key={a.id}
              size="sm"
              variant="outline"
              onClick={() =>
                void downloadArtifact(step.id, a.id)
                  .then((blob) => saveBlob(blob, a.filename))
                  .catch(toastError)
              }
            >
              <Download aria-hidden /> {a.filename}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
