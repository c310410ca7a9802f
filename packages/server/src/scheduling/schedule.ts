// When an applied spec runs: a cron expression (5 fields, or 6 with seconds first), a descriptor
// (@hourly, @daily, …), `@every <duration>`, or @never. Each kind of spec brings its own rules (the
// minimum interval and what an empty schedule means); the grammar and the error texts are shared.
import { Cron } from './cron.js';
import { parseDurationMs } from './duration.js';

/** A parsed schedule; `next` gives the first run strictly after a time (undefined: never). */
export interface Schedule {
  kind: 'cron' | 'every' | 'never';
  /** The text as the user wrote it (descriptors kept, not expanded). */
  expression: string;
  /** For `@every`: the interval in milliseconds. */
  intervalMs?: number;
  next(after: Date): Date | undefined;
}

/** What a kind of spec allows: runs no closer than `minIntervalMs`; an empty schedule means `emptyMeans`. */
export interface ScheduleRules {
  minIntervalMs: number;
  emptyMeans: string;
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

/** Parses a schedule under a kind's rules; throws an Error saying what is wrong (the caller adds the field). */
export function parseSchedule(text: string | undefined, rules: ScheduleRules): Schedule {
  const expression = (text ?? '').trim() || rules.emptyMeans;
  if (expression === '@never') return never();
  if (expression.startsWith('@every')) return every(expression, rules);
  const cronText = DESCRIPTORS[expression.toLowerCase()] ?? expression;
  if (cronText.startsWith('@'))
    throw new Error(
      `unknown schedule "${expression}" (use @every <duration>, @hourly, @daily, @weekly, @monthly, @yearly or a cron expression)`,
    );
  const fields = cronText.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) throw new Error(`invalid cron expression "${expression}": expected 5 or 6 fields, got ${fields}`);
  const cron = Cron.parse(cronText);
  if (smallestGapMs(cron) < rules.minIntervalMs) throw tooOften(expression, rules);
  return { kind: 'cron', expression, next: (after) => cron.next(after) };
}

/** The text of a duration for messages: whole seconds as "29s", otherwise milliseconds. */
function durationText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function tooOften(expression: string, rules: ScheduleRules): Error {
  return new Error(`"${expression}" runs more often than the minimum interval of ${durationText(rules.minIntervalMs)}`);
}

function every(expression: string, rules: ScheduleRules): Schedule {
  const arg = expression.slice('@every'.length).trim();
  const ms = arg === '' ? undefined : parseDurationMs(arg);
  if (ms === undefined || ms <= 0) throw new Error(`invalid schedule "${expression}": "@every" needs a duration such as 30s, 5m or 1h`);
  if (ms < rules.minIntervalMs) throw tooOften(expression, rules);
  return { kind: 'every', expression, intervalMs: ms, next: (after) => new Date(after.getTime() + ms) };
}

function never(): Schedule {
  return { kind: 'never', expression: '@never', next: () => undefined };
}

// The shortest gap between the next few ticks: enough to catch "every second" style expressions.
function smallestGapMs(cron: Cron): number {
  let at = new Date(Date.UTC(2030, 0, 1));
  let smallest = Infinity;
  for (let i = 0; i < 6; i++) {
    const next = cron.next(at);
    if (i > 0) smallest = Math.min(smallest, next.getTime() - at.getTime());
    at = next;
  }
  return smallest;
}
