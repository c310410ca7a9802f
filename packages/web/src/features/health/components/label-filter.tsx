import { ChevronDown, Minus, Plus } from 'lucide-react';
import { nextTriState, setTriState, type TriState } from '../../../components/filters';
import { buttonClasses, Popover, PopoverContent, PopoverTrigger } from '../../../components/ui';
import { cn } from '../../../lib/cn';
import { labelId } from '../lib/check-filters';

export interface LabelFilterProps {
  /** Label keys and their values among the loaded checks. */
  options: Array<{ key: string; values: string[] }>;
  /** Label id ('key=value') → 1 include / -1 exclude. */
  value: Readonly<Record<string, 1 | -1>>;
  onChange: (next: Record<string, 1 | -1>) => void;
}

function summary(value: Readonly<Record<string, 1 | -1>>): string {
  const parts = Object.entries(value).map(([id, s]) => (s === 1 ? id : `not ${id}`));
  return parts.length ? parts.join(', ') : 'All';
}

/**
 * Tri-state label filter (0 none, 1 include, -1 exclude) over every label of the checks; clicking a
 * label cycles none → include → exclude, the +/- buttons set a state directly.
 */
export function LabelFilter({ options, value, onChange }: LabelFilterProps) {
  const set = (id: string, state: TriState): void => onChange(setTriState(value, id, state) as Record<string, 1 | -1>);
  const text = summary(value);
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm text-muted-foreground">Labels</span>
      <Popover>
        <PopoverTrigger className={buttonClasses('outline', 'md', 'min-w-28 max-w-64 justify-between font-normal')} aria-label={`Labels: ${text}`}>
          <span className="truncate">{text}</span>
          <ChevronDown aria-hidden className="opacity-60" />
        </PopoverTrigger>
        <PopoverContent className="w-80 p-1" aria-label="Labels filter">
          {options.length === 0 && <p className="px-2 py-3 text-sm text-muted-foreground">No labels</p>}
          <ul className="max-h-80 overflow-auto">
            {options.flatMap(({ key, values }) =>
              values.map((v) => {
                const id = labelId(key, v);
                const state = value[id] ?? 0;
                return (
                  <li key={id} className="flex items-center gap-1 rounded-sm px-1 hover:bg-accent/50">
                    <button
                      type="button"
                      onClick={() => set(id, nextTriState(state))}
                      className={cn(
                        'min-w-0 flex-1 truncate py-1.5 text-left text-sm',
                        state === 1 && 'font-medium text-success',
                        state === -1 && 'text-destructive line-through',
                      )}
                    >
                      <span className="text-muted-foreground">{key}: </span>
                      {v}
                    </button>
                    <StateButton label={`Include ${id}`} active={state === 1} kind={1} onClick={() => set(id, state === 1 ? 0 : 1)} />
                    <StateButton label={`Exclude ${id}`} active={state === -1} kind={-1} onClick={() => set(id, state === -1 ? 0 : -1)} />
                  </li>
                );
              }),
            )}
          </ul>
          {Object.keys(value).length > 0 && (
            <div className="mt-1 flex justify-end border-t pt-1">
              <button type="button" className="rounded px-2 py-1 text-xs text-muted-foreground hover:bg-accent" onClick={() => onChange({})}>
                Clear
              </button>
            </div>
          )}
        </PopoverContent>
      </Popover>
    </div>
  );
}

function StateButton({ label, active, kind, onClick }: { label: string; active: boolean; kind: 1 | -1; onClick: () => void }) {
  const Icon = kind === 1 ? Plus : Minus;
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={label}
      onClick={onClick}
      className={cn(
        'rounded p-1 text-muted-foreground hover:bg-accent',
        active && kind === 1 && 'bg-success/15 text-success',
        active && kind === -1 && 'bg-destructive/15 text-destructive',
      )}
    >
      <Icon aria-hidden className="size-3.5" />
    </button>
  );
}
