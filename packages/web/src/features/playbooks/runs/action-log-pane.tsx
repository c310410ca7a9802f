import { isFinalActionStatus, PLAYBOOK_ACTION_REFRESH_MS, type PlaybookRunActionDetail, type PlaybookRunWire } from '@ops/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { Button, EmptyState, ErrorState, Spinner } from '../../../components/ui';
import { toastError } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';
import { playbookKeys } from '../api/playbook-keys';
import { downloadArtifact, getOmittedLogs, getPlaybookRunActionDetail } from '../api/runs-api';
import { actionLogParts, LogDocument, withLogs } from '../lib/log-lines';
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

// When the long streams are fetched again: on a new status or end time, or once a stream has doubled in size
// (a growing log is re-read a few times, never every second; the bytes moved stay under twice its final size).
function logsVersion(a: PlaybookRunActionDetail): (string | number | null)[] {
  const size = (bytes: number | undefined) => (bytes === undefined ? -1 : Math.floor(Math.log2(bytes + 1)));
  return [a.status, a.end_time, size(a.logs?.stdout?.bytes), size(a.logs?.stderr?.bytes)];
}

function ActionLog({ step }: { step: RunStep }) {
  const action = useQuery({
    queryKey: playbookKeys.action(step.id),
    queryFn: ({ signal }) => getPlaybookRunActionDetail(step.id, signal),
    refetchInterval: (q) => (q.state.data && isFinalActionStatus(q.state.data.status) ? false : PLAYBOOK_ACTION_REFRESH_MS),
  });
  const detail = action.data;
  // Streams over 256 KiB come as text from their own route, only when their version changes.
  const logs = useQuery({
    queryKey: [...playbookKeys.action(step.id), 'logs', ...(detail ? logsVersion(detail) : [])],
    queryFn: ({ signal }) => getOmittedLogs(detail!, signal),
    enabled: !!detail?.logs,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const waiting = !!detail?.logs && !logs.data;
  const doc = useMemo(
    () => (detail && !waiting ? new LogDocument(actionLogParts(withLogs(detail, detail.logs ? logs.data : undefined))) : undefined),
    [detail, logs.data, waiting],
  );
  const shown = action.data
    ? { ...step, status: action.data.status, start_time: action.data.start_time, end_time: action.data.end_time }
    : step;
  const running = !!action.data && !isFinalActionStatus(action.data.status);
  return (
    <section aria-label={`${step.name} log`} className="flex min-h-0 flex-1 flex-col">
      <PaneHeader step={shown} lines={doc?.lineCount} />
      {(action.isPending || (waiting && !logs.error)) && <Spinner label="Loading log" className="m-auto" />}
      {action.error && <ErrorState error={action.error} onRetry={() => void action.refetch()} />}
      {waiting && logs.error && <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />}
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
