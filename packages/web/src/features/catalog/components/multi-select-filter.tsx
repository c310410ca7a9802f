import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { cn } from '../../../lib/cn';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectFilterProps {
  label: string;
  options: readonly MultiSelectOption[];
  /** Chosen values in the order they were chosen (groupBy order matters). */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Text on the trigger when nothing is chosen. */
  emptyText?: string;
  className?: string;
}

/** A searchable checkbox list in a popover; the choice keeps the order values were picked in. */
export function MultiSelectFilter({ label, options, value, onChange, emptyText = 'All', className }: MultiSelectFilterProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const chosen = new Set(value);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const name = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const summary = value.length ? value.map(name).join(', ') : emptyText;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <span className="whitespace-nowrap text-sm text-muted-foreground">{label}</span>
      <Popover>
        <PopoverTrigger
          className={buttonClasses('outline', 'md', 'min-w-32 justify-between font-normal')}
          aria-label={`${label}: ${summary}`}
        >
          <span className="max-w-56 truncate">{summary}</span>
          <ChevronDown aria-hidden className="opacity-60" />
        </PopoverTrigger>
        <PopoverContent className="w-72 p-2" aria-label={`${label} filter`}>
          {options.length > 8 && (
            <Input
              id={searchId}
              aria-label={`Search ${label}`}
              placeholder="Search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="mb-2 h-8"
            />
          )}
          <ul className="max-h-72 overflow-auto">
            {shown.map((o) => {
              const id = `${searchId}-${o.value}`;
              return (
                <li key={o.value} className="flex items-center gap-2 rounded-sm px-1 py-1 hover:bg-accent/50">
                  <Checkbox
                    id={id}
                    checked={chosen.has(o.value)}
                    onCheckedChange={(on) => onChange(on ? [...value, o.value] : value.filter((v) => v !== o.value))}
                  />
                  <label htmlFor={id} className="min-w-0 flex-1 truncate text-sm" title={o.label}>
                    {o.label}
                  </label>
                </li>
              );
            })}
            {shown.length === 0 && <li className="px-1 py-2 text-sm text-muted-foreground">No options found</li>}
          </ul>
          {value.length > 0 && (
            <div className="mt-1 flex justify-end border-t pt-1">
              <button
                type="button"
                className="rounded px-2 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-foreground"
                onClick={() => onChange([])}
              >
                Clear
              </button>
            </div>
          )}
        </PopoverContent>
      </Popover>
    </div>
  );
}
