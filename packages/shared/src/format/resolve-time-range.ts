import { MESSAGES } from '../messages.js';
import { parseDateMath } from './date-math.js';
import { resolveMappedRange } from './mapped-range.js';
import type { TimeRange } from './time-range.js';

/**
 * Turns a TimeRange into concrete dates for a query. Relative ranges end now; mapped ranges come
 * from their date-math pair. Throws with 'Invalid relative time range' / 'Invalid mapped time range'
 * or a message naming the bad absolute bound, so callers can show why nothing was queried.
 */
export function resolveTimeRange(range: TimeRange, now: Date = new Date()): { from: Date; to: Date } {
  if (range.type === 'relative') {
    const from = parseDateMath(range.range, now);
    if (!from || !range.range.startsWith('now')) throw new Error(MESSAGES.invalidRelativeRange);
    return { from, to: now };
  }
  if (range.type === 'mapped') {
    const resolved = resolveMappedRange(range.display, now);
    if (!resolved) throw new Error('Invalid mapped time range');
    return resolved;
  }
  const from = parseDateMath(range.from, now);
  const to = parseDateMath(range.to, now, true);
  if (!from) throw new Error(`Invalid absolute time range: bad "from" value '${range.from}'`);
  if (!to) throw new Error(`Invalid absolute time range: bad "to" value '${range.to}'`);
  return { from, to };
}
