import { parseDateMath } from './date-math.js';

/** Named ("mapped") ranges the picker offers, each as a pair of date-math expressions. */
export const MAPPED_TIME_RANGES = [
  { display: 'Today', from: 'now/d', to: 'now/d' },
  { display: 'Today so far', from: 'now/d', to: 'now' },
  { display: 'Yesterday', from: 'now-1d/d', to: 'now-1d/d' },
  { display: 'Day before yesterday', from: 'now-2d/d', to: 'now-2d/d' },
  { display: 'This day last week', from: 'now-7d/d', to: 'now-7d/d' },
  { display: 'This week', from: 'now/w', to: 'now/w' },
  { display: 'This week so far', from: 'now/w', to: 'now' },
  { display: 'Previous week', from: 'now-1w/w', to: 'now-1w/w' },
  { display: 'This month', from: 'now/M', to: 'now/M' },
  { display: 'This month so far', from: 'now/M', to: 'now' },
  { display: 'Previous month', from: 'now-1M/M', to: 'now-1M/M' },
  { display: 'This year', from: 'now/y', to: 'now/y' },
  { display: 'This year so far', from: 'now/y', to: 'now' },
  { display: 'Previous year', from: 'now-1y/y', to: 'now-1y/y' },
] as const;

/** Resolves a mapped range by its display name into dates; undefined for an unknown name. */
export function resolveMappedRange(display: string, now: Date): { from: Date; to: Date } | undefined {
  const entry = MAPPED_TIME_RANGES.find((m) => m.display === display);
  if (!entry) return undefined;
  return { from: parseDateMath(entry.from, now)!, to: parseDateMath(entry.to, now, true)! };
}
