import type { TimeRange } from '@ops/shared';

export type AbsoluteRange = Extract<TimeRange, { type: 'absolute' }>;

/** localStorage key of the recently used absolute ranges. */
export const RECENT_RANGES_KEY = 'recentlyUsedTimeRanges';
/** How many recent absolute ranges are kept, without duplicates. */
export const MAX_RECENT_RANGES = 5;

/** The instant a bound denotes, so '2025-01-01T00:00:00Z' and '2025-01-01T00:00:00.000Z' are one range. */
function instant(value: string): string {
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? value : String(time);
}

/** Whether two absolute ranges cover the same interval. */
export function sameRange(a: AbsoluteRange, b: AbsoluteRange): boolean {
  return instant(a.from) === instant(b.from) && instant(a.to) === instant(b.to);
}

/** Puts `range` first, drops any older copy of it and keeps at most 5 entries. */
export function addRecentRange(list: readonly AbsoluteRange[], range: AbsoluteRange): AbsoluteRange[] {
  return [range, ...list.filter((r) => !sameRange(r, range))].slice(0, MAX_RECENT_RANGES);
}

function isAbsoluteRange(value: unknown): value is AbsoluteRange {
  const v = value as Partial<AbsoluteRange> | null;
  return !!v && v.type === 'absolute' && typeof v.from === 'string' && typeof v.to === 'string';
}

/** Reads the stored list; anything malformed (other tabs, old versions, hand edits) is ignored. */
export function loadRecentRanges(storage: Storage, key = RECENT_RANGES_KEY): AbsoluteRange[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isAbsoluteRange).slice(0, MAX_RECENT_RANGES) : [];
  } catch {
    return [];
  }
}

/** Adds a range to the stored list and returns the new list. */
export function rememberRecentRange(storage: Storage, range: AbsoluteRange, key = RECENT_RANGES_KEY): AbsoluteRange[] {
  const next = addRecentRange(loadRecentRanges(storage, key), range);
  try {
    storage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the list simply is not kept.
  }
  return next;
}
