import { parseDurationMs, REFRESH_RATE_OPTIONS } from '@ops/shared';

export type RefreshRate = (typeof REFRESH_RATE_OPTIONS)[number];

/** The choice that turns automatic refresh off; it is never persisted. */
export const NO_REFRESH: RefreshRate = 'None';

const MINUTE = 60_000;

/**
 * Whether a refresh rate is offered for a time range of `rangeMs`: 15s and 30s are
 * disabled when the range is 60 minutes or more; 2m and 3m when it is 180 minutes or more.
 */
export function isRefreshRateDisabled(rate: string, rangeMs: number | undefined): boolean {
  if (rangeMs === undefined) return false;
  if ((rate === '15s' || rate === '30s') && rangeMs >= 60 * MINUTE) return true;
  if ((rate === '2m' || rate === '3m') && rangeMs >= 180 * MINUTE) return true;
  return false;
}

/**
 * The rate that actually applies: the chosen one, or when the range disables it, the next slower
 * rate that is allowed, so a dashboard never refreshes faster than its range permits.
 */
export function effectiveRefreshRate(rate: string, rangeMs: number | undefined): RefreshRate {
  if (rate === NO_REFRESH || !REFRESH_RATE_OPTIONS.includes(rate as RefreshRate)) return NO_REFRESH;
  const chosen = parseDurationMs(rate)!;
  const allowed = REFRESH_RATE_OPTIONS.filter((o) => o !== NO_REFRESH && !isRefreshRateDisabled(o, rangeMs));
  return allowed.find((o) => parseDurationMs(o)! >= chosen) ?? NO_REFRESH;
}

/** Milliseconds between refreshes, or undefined for 'None' (TanStack Query's refetchInterval: false). */
export function refreshIntervalMs(rate: string): number | undefined {
  return rate === NO_REFRESH ? undefined : parseDurationMs(rate);
}
