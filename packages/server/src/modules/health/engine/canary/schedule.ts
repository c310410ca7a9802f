// A canary's schedule: a cron expression (5 fields, or 6 with seconds first), a descriptor
// (@hourly, @daily, …), `@every <duration>`, or @never when a canary has neither schedule nor interval.
import cronParser from 'cron-parser';
import { parseDurationMs } from '../values/durations.js';

/** How often a canary runs; `next` gives the first run strictly after a time (undefined: never). */
export interface Schedule {
  kind: 'cron' | 'every' | 'never';
  /** The text as the user wrote it (or `@every Ns` for a legacy `interval`). */
  expression: string;
  /** For `@every`: the interval in milliseconds. */
  intervalMs?: number;
  next(after: Date): Date | undefined;
}

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** The minimum `@every` interval: faster probing is refused rather than silently slowed down. */
export const MIN_EVERY_MS = 1000;

/** Parses a schedule; throws an Error whose message says what is wrong (the caller adds the field). */
export function parseSchedule(text: string): Schedule {
  const expression = text.trim();
  if (expression === '' || expression === '@never') return never(expression || '@never');
  if (expression.startsWith('@every')) return every(expression);
  const cron = DESCRIPTORS[expression.toLowerCase()] ?? expression;
  if (cron.startsWith('@'))
    throw new Error(
      `unknown schedule descriptor "${expression}" (use @every <duration>, @hourly, @daily, @weekly, @monthly, @yearly or a cron expression)`,
    );
  const fields = cron.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) throw new Error(`invalid cron expression "${expression}": expected 5 or 6 fields, got ${fields}`);
  try {
    cronParser.parseExpression(cron, { tz: 'UTC' });
  } catch (err) {
    throw new Error(`invalid cron expression "${expression}": ${(err as Error).message}`, { cause: err });
  }
  return {
    kind: 'cron',
    expression,
    next: (after) => cronParser.parseExpression(cron, { tz: 'UTC', currentDate: after }).next().toDate(),
  };
}

/** The schedule of a canary spec: `schedule` wins; a legacy `interval` (seconds) becomes `@every`. */
export function scheduleOfSpec(spec: Record<string, unknown>): Schedule {
  if (typeof spec.schedule === 'string' && spec.schedule.trim() !== '') return parseSchedule(spec.schedule);
  if (typeof spec.interval === 'number' && spec.interval > 0) return parseSchedule(`@every ${spec.interval}s`);
  return never('@never');
}

function every(expression: string): Schedule {
  const arg = expression.slice('@every'.length).trim();
  const ms = parseDurationMs(arg);
  if (arg === '' || ms === undefined) throw new Error(`invalid schedule "${expression}": "@every" needs a duration such as 30s, 5m or 1h`);
  if (ms < MIN_EVERY_MS) throw new Error(`invalid schedule "${expression}": the interval must be at least 1s`);
  return { kind: 'every', expression, intervalMs: ms, next: (after) => new Date(after.getTime() + ms) };
}

function never(expression: string): Schedule {
  return { kind: 'never', expression, next: () => undefined };
}
