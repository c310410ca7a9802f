// The time window and size of a logs action's query: `since` (a duration back from the end), or
// `start`/`end` as ISO times, `now-1h` or a bare duration; `limit` lines; `text` a substring filter.
import { parseGoDuration } from '@ops/shared/expr';
import { z } from 'zod';
import { ActionError } from '../action-failure.js';

/** The most lines one action may read. */
export const LOGS_MAX_LIMIT = 10_000;

/** Keys of a source block that shape the query rather than the backend. */
export const QUERY_KEYS = ['limit', 'since', 'start', 'end', 'text'] as const;

export const windowShape = {
  limit: z.coerce.number({ error: 'must be a number' }).int().positive().max(LOGS_MAX_LIMIT).optional(),
  since: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  text: z.string().optional(),
};
export type LogsWindow = { limit?: number; since?: string; start?: string; end?: string; text?: string };

/** The concrete window; a text that is neither a time nor a duration is an ActionError naming the field. */
export function logsWindowOf(w: LogsWindow, defaultLimit: number): { start?: Date; end: Date; limit: number } {
  const end = timeOf(w.end, 'end') ?? new Date();
  const start = w.since ? new Date(end.getTime() - durationMs(w.since, 'since')) : timeOf(w.start, 'start');
  return { start, end, limit: w.limit ?? defaultLimit };
}

function timeOf(text: string | undefined, field: string): Date | undefined {
  if (!text?.trim()) return undefined;
  const ms = Date.parse(text);
  if (!Number.isNaN(ms)) return new Date(ms);
  const rel = /^now-(.+)$/.exec(text.trim())?.[1] ?? text.trim();
  return new Date(Date.now() - durationMs(rel, field));
}

function durationMs(text: string, field: string): number {
  try {
    return Number(parseGoDuration(text.trim()) / 1_000_000n);
  } catch {
    throw new ActionError(`logs.${field}: "${text}" is neither a time nor a duration (e.g. 1h, 30m)`);
  }
}
