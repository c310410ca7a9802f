import { Cron } from '../../../jobs/cron.js';
import { parseDurationMs, parseSchedule, type RetentionSpec } from '../engine/index.js';
import type { RetentionRules } from '../persistence/retention.repository.js';

/** When a scraper with this schedule text runs next after `from`; throws naming the problem when invalid. */
export function nextRunAfter(schedule: string, from: Date): Date {
  const s = parseSchedule(schedule);
  if (s.kind === 'every') return new Date(from.getTime() + s.intervalMs);
  return Cron.parse(s.cron).next(from);
}

/** A spec's `retention` block with its ages in milliseconds (ages were validated when the spec was applied). */
export function retentionRules(retention: RetentionSpec | undefined): RetentionRules | undefined {
  if (!retention) return undefined;
  const age = (v: string | undefined) => (v ? parseDurationMs(v) : undefined);
  return {
    changes: (retention.changes ?? []).map((c) => ({ name: c.name, ageMs: age(c.age), count: c.count })),
    types: (retention.types ?? []).map((t) => ({
      name: t.name,
      createdAgeMs: age(t.createdAge),
      updatedAgeMs: age(t.updatedAge),
      deletedAgeMs: age(t.deletedAge),
    })),
    staleItemAgeMs: age(retention.staleItemAge),
  };
}
