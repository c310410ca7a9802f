import { TIME_RANGE_OPTIONS, type TimeRange } from '@ops/shared';
import { ChevronDown, Clock } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { buttonClasses, Popover, PopoverContent, PopoverTrigger } from '../ui';
import { AbsoluteRangeForm } from './absolute-range-form';
import { MappedRangeList } from './mapped-range-list';
import { RECENT_RANGES_KEY } from './recent-ranges';
import { RelativeRangeList } from './relative-range-list';
import { timeRangeLabel } from './time-range-label';
import { useRecentRanges } from './use-recent-ranges';

export interface TimeRangePickerProps {
  value: TimeRange | undefined;
  onChange: (range: TimeRange) => void;
  /** When given, the absolute form shows a Clear button. */
  onClear?: () => void;
  /** Relative options; default TIME_RANGE_OPTIONS. */
  options?: readonly string[];
  /** Offer the named ranges ('Today', 'Previous week', …); default true. */
  showMapped?: boolean;
  /** localStorage key for the recent absolute ranges. */
  recentKey?: string;
  /** An error to show under the button (e.g. the hook's 'Invalid relative time range'). */
  error?: string | undefined;
  placeholder?: string;
  className?: string;
}

/**
 * The time-range picker: a button showing the current range that opens absolute (From/To and the
 * 5 recent ranges), relative (TIME_RANGE_OPTIONS and a custom input) and mapped choices.
 */
export function TimeRangePicker({
  value,
  onChange,
  onClear,
  options = TIME_RANGE_OPTIONS,
  showMapped = true,
  recentKey = RECENT_RANGES_KEY,
  error,
  placeholder,
  className,
}: TimeRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [recent, remember] = useRecentRanges(recentKey);
  const label = timeRangeLabel(value, placeholder);

  const apply = (range: TimeRange) => {
    if (range.type === 'absolute') remember(range);
    onChange(range);
    setOpen(false);
  };
  const clear = onClear
    ? () => {
        onClear();
        setOpen(false);
      }
    : undefined;

  return (
    <div className={cn('inline-flex flex-col gap-1', className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger className={buttonClasses('outline', 'md', 'justify-start font-normal')} aria-label={`Time range: ${label}`}>
          <Clock aria-hidden />
          <span className={cn('truncate', !value && 'text-muted-foreground')}>{label}</span>
          <ChevronDown aria-hidden className={cn('ml-auto opacity-60 transition-transform', open && 'rotate-180')} />
        </PopoverTrigger>
        <PopoverContent aria-label="Choose a time range" className="w-auto max-w-[calc(100vw-1rem)] p-2">
          <div className="flex flex-col gap-3 sm:flex-row sm:divide-x">
            <div className="w-64 sm:pr-3">
              <AbsoluteRangeForm value={value} recent={recent} onApply={apply} onClear={clear} />
            </div>
            <div className="w-72 sm:pl-3 sm:pr-3">
              <RelativeRangeList value={value} onApply={apply} options={options} />
            </div>
            {showMapped && (
              <div className="w-48 sm:pl-3">
                <MappedRangeList value={value} onApply={apply} />
              </div>
            )}
          </div>
        </PopoverContent>
      </Popover>
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
