import { TimeRangePicker, type TimeRangePickerProps } from './time-range-picker';
import { useTimeRangeParams, type UseTimeRangeParamsOptions } from './use-time-range-params';

export type UrlTimeRangePickerProps = UseTimeRangeParamsOptions &
  Omit<TimeRangePickerProps, 'value' | 'onChange' | 'onClear' | 'error'> & {
    /** Offer a Clear button that removes the range from the URL (back to the default); default true. */
    clearable?: boolean;
  };

/**
 * The picker bound to the URL params. Pages read the same params with useTimeRangeParams (same
 * options) to build their queries, so picker and query never disagree.
 */
export function UrlTimeRangePicker({ defaultRange, prefix, resetParams, clearable = true, ...pickerProps }: UrlTimeRangePickerProps) {
  const state = useTimeRangeParams({ defaultRange, prefix, resetParams });
  return (
    <TimeRangePicker
      {...pickerProps}
      value={state.range}
      onChange={state.setRange}
      onClear={clearable ? state.clear : undefined}
      error={state.error}
    />
  );
}
