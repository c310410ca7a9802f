import type { TimeRange } from '@ops/shared';
import { formatDateTime } from './date-input';

/** What the picker's button shows: the display text, or 'from – to' for an absolute range. */
export function timeRangeLabel(range: TimeRange | undefined, placeholder = 'Select time range'): string {
  if (!range) return placeholder;
  if (range.type === 'absolute') return `${formatDateTime(range.from)} – ${formatDateTime(range.to)}`;
  return range.display;
}
