import type { CheckSummaryResponse } from '@ops/shared';
import { readHealthView } from '../lib/dashboard-params';
import { fetchSummary } from './health-api';

/** How long a prefetched summary stays usable. */
const FRESH_MS = 10_000;

let early: { timeRange: string; promise: Promise<CheckSummaryResponse>; at: number } | undefined;

/**
 * Starts the dashboard's summary call as soon as the page's code loads, in parallel with the
 * shell's who-am-I and feature flags, instead of after them (the table's first paint waits on it).
 */
export function prefetchSummaryFromUrl(): void {
  if (typeof window === 'undefined' || window.location.pathname !== '/health') return;
  const { timeRange } = readHealthView(new URLSearchParams(window.location.search));
  const promise = fetchSummary(timeRange);
  // A failure is reported by the page's own query, which then fetches again.
  promise.catch(() => undefined);
  early = { timeRange, promise, at: Date.now() };
}

/** The prefetched summary for this range, handed out once while fresh; undefined otherwise. */
export function takePrefetchedSummary(timeRange: string): Promise<CheckSummaryResponse> | undefined {
  const e = early;
  early = undefined;
  return e && e.timeRange === timeRange && Date.now() - e.at < FRESH_MS ? e.promise : undefined;
}
