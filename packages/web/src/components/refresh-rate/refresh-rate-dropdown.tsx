import { durationLabel, REFRESH_RATE_OPTIONS } from '@ops/shared';
import { Select, type SelectOption } from '../ui';
import { isRefreshRateDisabled, NO_REFRESH, type RefreshRate } from './refresh-rate-rules';

export interface RefreshRateDropdownProps {
  value: RefreshRate;
  onChange: (rate: RefreshRate) => void;
  /** Length of the page's time range in ms; it disables rates that are too fast for it. */
  rangeMs?: number | undefined;
  id?: string;
  className?: string;
}

/** Refresh-rate choice (REFRESH_RATE_OPTIONS) with the options the time range rules out disabled. */
export function RefreshRateDropdown({ value, onChange, rangeMs, id, className }: RefreshRateDropdownProps) {
  const options: SelectOption[] = REFRESH_RATE_OPTIONS.map((rate) => ({
    value: rate,
    label: rate === NO_REFRESH ? 'None' : `Every ${durationLabel(rate)}`,
    disabled: isRefreshRateDisabled(rate, rangeMs),
  }));
  // The trigger fills its box; the wrapper sets the width.
  return (
    <div className={className ?? 'w-44'}>
      <Select
        id={id}
        aria-label={id ? undefined : 'Refresh rate'}
        value={value}
        onValueChange={(v) => onChange(v as RefreshRate)}
        options={options}
      />
    </div>
  );
}
