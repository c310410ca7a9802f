import { cn } from '../../../lib/cn';
import type { RunStep } from '../lib/run-steps';
import { formatRunDuration, runDurationMs } from '../lib/run-times';
import { RunStatusBadge } from './run-status-badge';

export interface RunStepsListProps {
  steps: readonly RunStep[];
  selectedId: string | undefined;
  onSelect: (step: RunStep) => void;
}

/** The left list of the run page: one entry per action attempt; skipped steps are shown but cannot be picked. */
export function RunStepsList({ steps, selectedId, onSelect }: RunStepsListProps) {
  if (steps.length === 0) return <p className="p-3 text-sm text-muted-foreground">No actions have started yet.</p>;
  return (
    <ol aria-label="Steps" className="flex flex-col gap-1 p-2">
      {steps.map((step) => {
        const selected = step.id === selectedId;
        return (
          <li key={step.id}>
            <button
              type="button"
              disabled={!step.selectable}
              aria-current={selected ? 'step' : undefined}
              title={step.selectable ? undefined : 'Skipped: its condition was false'}
              onClick={() => onSelect(step)}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm',
                selected ? 'bg-accent font-medium' : 'hover:bg-accent/60',
                !step.selectable && 'cursor-not-allowed opacity-60 hover:bg-transparent',
              )}
            >
              <span className="min-w-0 flex-1 truncate">
                {step.name}
                {step.attempt > 1 && <span className="text-muted-foreground"> (attempt {step.attempt})</span>}
              </span>
              <span className="text-xs tabular-nums text-muted-foreground">{formatRunDuration(runDurationMs(step))}</span>
              <RunStatusBadge status={step.status} />
            </button>
          </li>
        );
      })}
    </ol>
  );
}
