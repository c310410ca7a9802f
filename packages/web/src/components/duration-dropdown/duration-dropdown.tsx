import { DURATION_OPTIONS, durationLabel, parseDurationMs } from '@ops/shared';
import { Select, type SelectOption } from '../ui';

/** Milliseconds of a duration option; undefined for 'none' (or 'All') so callers drop the filter. */
export function durationOptionMs(value: string | undefined): number | undefined {
  return parseDurationMs(value);
}

export interface DurationDropdownProps {
  value: string | undefined;
  onChange: (value: string) => void;
  /** Options; defaults to DURATION_OPTIONS (none, 15s … 15m). The first one means "no duration". */
  options?: readonly string[];
  id?: string;
  'aria-label'?: string;
  className?: string;
}

/** Shown label of an option: 'none' → 'None', '15s' → '15 seconds'. */
function optionLabel(value: string): string {
  return parseDurationMs(value) === undefined ? value.charAt(0).toUpperCase() + value.slice(1) : durationLabel(value);
}

/**
 * A dropdown of durations (the shared DURATION_OPTIONS by default). Pass other options for other
 * lists, e.g. the status-history filter ['All', '100ms', '500ms', …].
 */
export function DurationDropdown({ value, onChange, options = DURATION_OPTIONS, id, className, ...aria }: DurationDropdownProps) {
  const items: SelectOption[] = options.map((o) => ({ value: o, label: optionLabel(o) }));
  // The trigger fills its box; the wrapper sets the width.
  return (
    <div className={className ?? 'w-36'}>
      <Select
        id={id}
        aria-label={aria['aria-label'] ?? (id ? undefined : 'Duration')}
        value={value ?? options[0]}
        onValueChange={onChange}
        options={items}
      />
    </div>
  );
}
