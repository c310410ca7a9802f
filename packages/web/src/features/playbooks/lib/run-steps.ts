import { isFinalActionStatus, type PlaybookRunActionWire, type PlaybookRunWire } from '@ops/shared';

/** One entry of the run page's steps list: an action attempt, or the Initialization pseudo-step. */
export interface RunStep {
  /** The action's id, or INITIALIZATION_STEP. */
  id: string;
  name: string;
  status: string;
  attempt: number;
  start_time: string | null;
  end_time: string | null;
  error: string | null;
  /** Skipped steps have no log to show. */
  selectable: boolean;
}

export const INITIALIZATION_STEP = 'initialization';

/**
 * The steps of a run in order (position, then attempt). A run that failed with an error no action explains
 * (it never got to an action, or none failed) gets an 'Initialization' step first that shows that error.
 */
export function runSteps(run: Pick<PlaybookRunWire, 'status' | 'error' | 'actions' | 'created_at' | 'start_time' | 'end_time'>): RunStep[] {
  const actions = [...run.actions].sort((a, b) => a.position - b.position || a.attempt - b.attempt);
  const steps: RunStep[] = actions.map((a: PlaybookRunActionWire) => ({
    id: a.id,
    name: a.name,
    status: a.status,
    attempt: a.attempt,
    start_time: a.start_time,
    end_time: a.end_time,
    error: a.error,
    selectable: a.status !== 'skipped',
  }));
  const explained = actions.some((a) => a.status === 'failed' || a.status === 'timed_out' || !!a.error);
  if (run.status === 'failed' && run.error && !explained)
    steps.unshift({
      id: INITIALIZATION_STEP,
      name: 'Initialization',
      status: 'failed',
      attempt: 1,
      start_time: run.start_time ?? run.created_at,
      end_time: run.end_time,
      error: run.error,
      selectable: true,
    });
  return steps;
}

/** The step to show when the user has not picked one: the one under way, else the first failure, else the last. */
export function defaultStep(steps: readonly RunStep[]): RunStep | undefined {
  const selectable = steps.filter((s) => s.selectable);
  return (
    selectable.find((s) => !isFinalActionStatus(s.status)) ??
    selectable.find((s) => s.status === 'failed' || s.status === 'timed_out') ??
    selectable.at(-1)
  );
}
