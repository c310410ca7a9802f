import { formatDuration } from '@ops/shared';

interface Timed {
  created_at?: string | null;
  scheduled_time?: string | null;
  start_time: string | null;
  end_time: string | null;
}

const ms = (iso: string | null | undefined): number | undefined => {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
};

/** How long a run or action ran: start to end, or start to now while it runs; undefined before it starts. */
export function runDurationMs(row: Timed, now: number = Date.now()): number | undefined {
  const start = ms(row.start_time);
  if (start === undefined) return undefined;
  return Math.max(0, (ms(row.end_time) ?? now) - start);
}

/** How long a run waited before it started (Queued): created to start, or to now while it waits. */
export function runQueuedMs(row: Timed, now: number = Date.now()): number | undefined {
  const created = ms(row.created_at);
  if (created === undefined) return undefined;
  return Math.max(0, (ms(row.start_time) ?? now) - created);
}

/** The duration as the run page and lists show it ('850ms', '2.5s', '3m'); '' when there is none. */
export function formatRunDuration(value: number | undefined): string {
  return value === undefined ? '' : formatDuration(value);
}
