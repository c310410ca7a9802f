/** Duration filter choices of the status history; 'All' means no filter. */
export const HISTORY_DURATIONS = ['All', '100ms', '500ms', '1s', '5s', '10s', '30s'] as const;
export const HISTORY_STATUSES = [
  { value: 'all', label: 'All' },
  { value: '1', label: 'Healthy' },
  { value: '0', label: 'Unhealthy' },
] as const;
/** The message for a duration that is not in ms or s. */
export const DURATION_UNIT_ERROR = 'duration is allowed only in milli seconds & seconds';

/**
 * Milliseconds of a history duration filter: 'All' or empty → undefined (no filter); values ending
 * in ms or s → their milliseconds; anything else → DURATION_UNIT_ERROR.
 */
export function parseHistoryDuration(text: string | null | undefined): { ms?: number; error?: string } {
  const value = (text ?? '').trim();
  if (!value || value.toLowerCase() === 'all') return {};
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)$/.exec(value);
  if (!match) return { error: DURATION_UNIT_ERROR };
  const n = Number(match[1]);
  return { ms: Math.round(match[2] === 's' ? n * 1000 : n) };
}

export interface HistoryFilter {
  checkId: string;
  /** '1' healthy, '0' unhealthy, anything else: both. */
  status: string | undefined;
  durationMs: number | undefined;
  /** Only runs within this many ms before now (resolved when the request is made). */
  rangeMs: number | undefined;
  pageIndex: number;
  pageSize: number;
}

/**
 * PostgREST params of `/api/db/check_statuses` for the history tab:
 * check_id=eq, time=gt, order=time.desc, status=eq.1|0, duration=gte, limit and offset.
 */
export function historyParams(f: HistoryFilter, now: Date = new Date()): Record<string, string> {
  const out: Record<string, string> = {
    check_id: `eq.${f.checkId}`,
    order: 'time.desc',
    limit: String(f.pageSize),
    offset: String(f.pageIndex * f.pageSize),
  };
  if (f.rangeMs !== undefined) out.time = `gt.${new Date(now.getTime() - f.rangeMs).toISOString()}`;
  if (f.status === '1' || f.status === '0') out.status = `eq.${f.status}`;
  if (f.durationMs !== undefined) out.duration = `gte.${f.durationMs}`;
  return out;
}
