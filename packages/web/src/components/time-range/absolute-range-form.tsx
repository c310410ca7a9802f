import type { TimeRange } from '@ops/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button, Input, Label } from '../ui';
import { fromLocalInputValue, toLocalInputValue } from './date-input';
import { OptionButton, SectionTitle } from './option-button';
import type { AbsoluteRange } from './recent-ranges';
import { timeRangeLabel } from './time-range-label';
import { sameRange } from './recent-ranges';

export interface AbsoluteRangeFormProps {
  value: TimeRange | undefined;
  recent: readonly AbsoluteRange[];
  onApply: (range: AbsoluteRange) => void;
  /** Shown as a Clear button when given (removes the range from the URL). */
  onClear?: (() => void) | undefined;
}

/**
 * From/To inputs for an absolute range plus the recently used ones. Submit stays disabled until
 * both are set; a From after To is refused with a message instead of an empty query.
 */
export function AbsoluteRangeForm({ value, recent, onApply, onClear }: AbsoluteRangeFormProps) {
  const id = useId();
  const [from, setFrom] = useState(() => (value?.type === 'absolute' ? toLocalInputValue(value.from) : ''));
  const [to, setTo] = useState(() => (value?.type === 'absolute' ? toLocalInputValue(value.to) : ''));
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fromIso = fromLocalInputValue(from);
    const toIso = fromLocalInputValue(to);
    if (!fromIso || !toIso) return setError('Enter both From and To');
    if (fromIso >= toIso) return setError('From must be before To');
    setError(undefined);
    onApply({ type: 'absolute', display: 'Custom', from: fromIso, to: toIso });
  };

  return (
    <div className="grid gap-3">
      <form onSubmit={submit} className="grid gap-2" aria-labelledby={`${id}-title`} noValidate>
        <SectionTitle id={`${id}-title`}>Absolute time range</SectionTitle>
        <div className="grid gap-1 px-2">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input id={`${id}-from`} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1 px-2">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input id={`${id}-to`} type="datetime-local" value={to} invalid={!!error} onChange={(e) => setTo(e.target.value)} />
        </div>
        {error && (
          <p role="alert" className="px-2 text-xs text-destructive">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 px-2">
          {onClear && (
            <Button variant="outline" size="sm" onClick={onClear}>
              Clear
            </Button>
          )}
          <Button type="submit" size="sm" disabled={!from || !to}>
            Submit
          </Button>
        </div>
      </form>
      {recent.length > 0 && (
        <section aria-labelledby={`${id}-recent`}>
          <SectionTitle id={`${id}-recent`}>Recently used absolute ranges</SectionTitle>
          <ul>
            {recent.map((r) => (
              <li key={`${r.from}|${r.to}`}>
                <OptionButton active={value?.type === 'absolute' && sameRange(value, r)} onClick={() => onApply(r)}>
                  {timeRangeLabel(r)}
                </OptionButton>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
