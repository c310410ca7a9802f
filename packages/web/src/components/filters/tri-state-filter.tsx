import { ChevronDown, Minus, Plus } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { nextTriState, setTriState, type TriState, type TriStateMap } from './tri-state';
import { useTriStateUrl } from './use-tri-state-url';

export interface TriStateOption {
  value: string;
  label?: string;
}

export interface TriStateFilterProps {
  /** URL param holding the encoded map (e.g. 'status'). */
  param: string;
  label: string;
  options: readonly TriStateOption[];
  /** Applies while the param is absent, e.g. {SUCCESS: -1}. */
  defaultValue?: Readonly<TriStateMap>;
  resetParams?: readonly string[];
  className?: string;
}

/** "Status: FAILED, not SUCCESS" — the trigger's summary of the active values. */
function summary(map: TriStateMap, options: readonly TriStateOption[]): string {
  const name = (v: string): string => options.find((o) => o.value === v)?.label ?? v;
  const parts = Object.entries(map).map(([v, s]) => (s === 1 ? name(v) : `not ${name(v)}`));
  return parts.length ? parts.join(', ') : 'All';
}

function StateButton({ active, kind, onClick, option }: { active: boolean; kind: 1 | -1; onClick: () => void; option: string }) {
  const Icon = kind === 1 ? Plus : Minus;
  return (
    <button
      type="button"
      aria-pressed={active}
      aria-label={`${kind === 1 ? 'Include' : 'Exclude'} ${option}`}
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

/**
 * Include/exclude multi filter (spec: 0 none, 1 include, -1 exclude) kept in the URL. Clicking an
 * option's name cycles none → include → exclude; the +/- buttons set a state directly.
 */
export function TriStateFilter({ param, label, options, defaultValue, resetParams, className }: TriStateFilterProps) {
  const [map, setMap] = useTriStateUrl(param, defaultValue, resetParams);
  const set = (value: string, state: TriState): void => setMap(setTriState(map, value, state));
  const text = summary(map, options);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <span className="whitespace-nowrap text-sm text-muted-foreground">{label}</span>
      <Popover>
        <PopoverTrigger className={buttonClasses('outline', 'md', 'min-w-36 justify-between font-normal')} aria-label={`${label}: ${text}`}>
          <span className="max-w-56 truncate">{text}</span>
          <ChevronDown aria-hidden className="opacity-60" />
        </PopoverTrigger>
        <PopoverContent className="w-64 p-1" aria-label={`${label} filter`}>
          <ul className="max-h-72 overflow-auto">
            {options.map((o) => {
              const state = map[o.value] ?? 0;
              const name = o.label ?? o.value;
              return (
                <li key={o.value} className="flex items-center gap-1 rounded-sm px-1 hover:bg-accent/50">
                  <button
                    type="button"
                    className={cn(
                      'min-w-0 flex-1 truncate py-1.5 text-left text-sm',
                      state === 1 && 'font-medium text-success',
                      state === -1 && 'text-destructive line-through',
                    )}
                    onClick={() => set(o.value, nextTriState(state))}
                  >
                    {name}
                  </button>
                  <StateButton option={name} kind={1} active={state === 1} onClick={() => set(o.value, state === 1 ? 0 : 1)} />
                  <StateButton option={name} kind={-1} active={state === -1} onClick={() => set(o.value, state === -1 ? 0 : -1)} />
                </li>
              );
            })}
          </ul>
          <div className="mt-1 flex justify-end border-t pt-1">
            <button
              type="button"
              className="rounded px-2 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-foreground"
              onClick={() => setMap({})}
            >
              Clear
            </button>
          </div>
        </PopoverContent>
      </Popover>
    </div>
  );
}
