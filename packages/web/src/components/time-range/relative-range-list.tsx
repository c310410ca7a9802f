import {
  MESSAGES,
  normalizeRelativeRange,
  relativeRangeFromOption,
  relativeRangeLabel,
  TIME_RANGE_OPTIONS,
  type TimeRange,
} from '@ops/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button, Input } from '../ui';
import { OptionButton, SectionTitle } from './option-button';

export interface RelativeRangeListProps {
  value: TimeRange | undefined;
  onApply: (range: TimeRange) => void;
  /** Options offered; defaults to the shared TIME_RANGE_OPTIONS. */
  options?: readonly string[];
}

/**
 * The relative options ('Last 15 minutes' … 'Last 5 years') and a custom input that accepts date math
 * ('now-5h', 'now-1d/d') or a duration ('90m'); anything else shows 'Invalid relative time range'.
 */
export function RelativeRangeList({ value, onApply, options = TIME_RANGE_OPTIONS }: RelativeRangeListProps) {
  const id = useId();
  const [custom, setCustom] = useState(() => (value?.type === 'relative' ? value.range : ''));
  const [error, setError] = useState<string>();

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const range = normalizeRelativeRange(custom);
    if (!range) return setError(MESSAGES.invalidRelativeRange);
    setError(undefined);
    onApply({ type: 'relative', range, display: relativeRangeLabel(range) });
  };

  return (
    <div className="grid gap-2">
      <section aria-labelledby={`${id}-title`}>
        <SectionTitle id={`${id}-title`}>Relative time ranges</SectionTitle>
        <ul className="grid grid-cols-2 gap-x-1">
          {options.map((option) => {
            const range = relativeRangeFromOption(option);
            const active = value?.type === 'relative' && range.type === 'relative' && value.range === range.range;
            return (
              <li key={option}>
                <OptionButton active={active} onClick={() => onApply(range)}>
                  {range.display}
                </OptionButton>
              </li>
            );
          })}
        </ul>
      </section>
      <form onSubmit={applyCustom} className="grid gap-1 px-2" noValidate>
        <label htmlFor={`${id}-custom`} className="text-xs font-medium text-muted-foreground">
          Custom relative range
        </label>
        <div className="flex gap-1.5">
          <Input
            id={`${id}-custom`}
            placeholder="now-5h or 90m"
            value={custom}
            invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setCustom(e.target.value)}
          />
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}
