import { TIME_RANGE_OPTIONS } from '../constants.js';
import { parseDateMath } from './date-math.js';
import { durationLabel, parseDurationMs } from './duration-string.js';

export type TimeRangeOptionValue = (typeof TIME_RANGE_OPTIONS)[number];

/** A time range as the picker keeps it: absolute (from, to), relative (range), mapped. */
export type TimeRange =
  | { type: 'absolute'; display: string; from: string; to: string }
  | { type: 'relative'; display: string; range: string }
  | { type: 'mapped'; display: string };

/** The date-math range of an option of TIME_RANGE_OPTIONS: '2d' → 'now-2d', '1mo' → 'now-1M'. */
export function optionToRange(option: string): string {
  return `now-${option.replace(/mo$/, 'M')}`;
}

/** The relative TimeRange for an option of TIME_RANGE_OPTIONS, e.g. '1h' → {range 'now-1h', display 'Last 1 hour'}. */
export function relativeRangeFromOption(option: string): TimeRange {
  return { type: 'relative', range: optionToRange(option), display: `Last ${durationLabel(option)}` };
}

/**
 * Normalises what a user types as a custom relative range: 'now-5h' stays, '5h' becomes 'now-5h',
 * '1mo' becomes 'now-1M'. Returns undefined for anything that does not evaluate ('Invalid relative time range').
 */
export function normalizeRelativeRange(input: string): string | undefined {
  const text = input.trim();
  if (!text) return undefined;
  const candidate = text.startsWith('now') ? text : parseDurationMs(text) !== undefined ? optionToRange(text) : text;
  if (candidate === 'now' || !candidate.startsWith('now')) return undefined;
  return parseDateMath(candidate, new Date(0)) ? candidate : undefined;
}

/** Label of a relative range: 'now-2d' → 'Last 2 days'; other expressions are shown as typed. */
export function relativeRangeLabel(range: string): string {
  const match = /^now-(\d+)(ms|s|m|h|d|w|M|y)$/.exec(range);
  return match ? `Last ${durationLabel(`${match[1]}${match[2] === 'M' ? 'mo' : match[2]}`)}` : range;
}

/**
 * The default range for a check from its last run: under 60 minutes ago gives '1h',
 * otherwise the smallest option of TIME_RANGE_OPTIONS that covers the time since; the largest at most.
 */
export function defaultRangeFromLastRun(lastRun: Date | string | null | undefined, now: Date = new Date()): TimeRangeOptionValue {
  const time = lastRun ? new Date(lastRun).getTime() : Number.NaN;
  const elapsed = now.getTime() - time;
  if (!Number.isFinite(elapsed) || elapsed < 3_600_000) return '1h';
  const fit = TIME_RANGE_OPTIONS.find((option) => parseDurationMs(option)! >= elapsed);
  return fit ?? TIME_RANGE_OPTIONS[TIME_RANGE_OPTIONS.length - 1]!;
}
