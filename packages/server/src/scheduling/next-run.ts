// When an applied spec runs: the first run soon after it is created or changed, then on its schedule.
// `@every` runs sit at a per-resource phase within the interval and cron runs get a small per-resource
// offset, so thousands of specs with one schedule spread out instead of firing together (jitter).
import type { Schedule } from './schedule.js';

/** The first run of a new or changed canary comes within this long (spread by resource id). */
export const FIRST_RUN_SPREAD_MS = 2_000;
/** Cron runs are offset by up to this long (and at most a tenth of the period). */
export const CRON_JITTER_MAX_MS = 5_000;

/** A stable number in [0, mod) from an id: the resource's phase, the same in every process. */
export function stableOffset(id: string, mod: number): number {
  if (mod <= 1) return 0;
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0;
  return h % Math.floor(mod);
}

/** When a resource that was just created or changed first runs; undefined when it never runs by itself. */
export function firstRunAt(schedule: Schedule, resourceId: string, now: Date): Date | undefined {
  if (schedule.kind === 'never') return undefined;
  const spread = Math.min(FIRST_RUN_SPREAD_MS, schedule.intervalMs ?? FIRST_RUN_SPREAD_MS);
  return new Date(now.getTime() + stableOffset(`${resourceId}/first`, spread));
}

/**
 * Where `@every` runs sit: at the resource's stable phase within the interval ('phase': thousands of
 * canaries applied together spread over the whole interval), or whole intervals after the previous
 * run ('previous-run': a scraper that just ran does not run again until an interval has passed).
 */
export type EveryAlignment = 'phase' | 'previous-run';

/**
 * The next run after a run of `slot` that ended at `now`, and how many runs were skipped because the
 * previous one ended after their time (runs are never queued up to catch up).
 */
export function nextRunAfter(
  schedule: Schedule,
  resourceId: string,
  slot: Date,
  now: Date,
  align: EveryAlignment = 'phase',
): { next?: Date; missed: number } {
  if (schedule.kind === 'never') return { missed: 0 };
  if (schedule.kind === 'every') {
    const interval = schedule.intervalMs!;
    const phase = align === 'phase' ? stableOffset(resourceId, interval) : slot.getTime() % interval;
    const next = (Math.floor((now.getTime() - phase) / interval) + 1) * interval + phase;
    const first = (Math.floor((slot.getTime() - phase) / interval) + 1) * interval + phase;
    return { next: new Date(next), missed: Math.max(0, Math.round((next - first) / interval)) };
  }
  const jitter = cronJitter(schedule, resourceId, now);
  const next = schedule.next(new Date(now.getTime() - jitter));
  if (!next) return { missed: 0 };
  let missed = 0;
  for (let t = schedule.next(new Date(slot.getTime() - jitter)); t && t < next && missed < 1000; t = schedule.next(t)) missed++;
  return { next: new Date(next.getTime() + jitter), missed };
}

/** The timeout of a resource's runs: the configured one, but never longer than its interval. */
export function runTimeoutMs(schedule: Schedule, configuredMs: number, now: Date = new Date()): number {
  const period = periodMs(schedule, now);
  return period ? Math.max(1_000, Math.min(configuredMs, period)) : configuredMs;
}

function periodMs(schedule: Schedule, now: Date): number | undefined {
  if (schedule.kind === 'every') return schedule.intervalMs;
  if (schedule.kind !== 'cron') return undefined;
  const a = schedule.next(now);
  const b = a && schedule.next(a);
  return a && b ? b.getTime() - a.getTime() : undefined;
}

function cronJitter(schedule: Schedule, resourceId: string, now: Date): number {
  const period = periodMs(schedule, now) ?? 0;
  return stableOffset(resourceId, Math.min(CRON_JITTER_MAX_MS, period / 10));
}
