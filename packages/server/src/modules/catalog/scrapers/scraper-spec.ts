// What the scheduler and a run read from a stored scraper's spec: its schedule and its retention rules.
import { parseDurationMs, parseSchedule, type RetentionSpec, type Schedule } from '../engine/index.js';
import type { RetentionRules } from '../persistence/retention.repository.js';

/** A stored scraper's schedule (undefined when it does not parse; the scheduler records why). */
export function scraperSchedule(spec: Record<string, unknown>): Schedule | undefined {
  try {
    return parseSchedule(typeof spec.schedule === 'string' ? spec.schedule : undefined);
  } catch {
    return undefined;
  }
}

/** The schedule a stored scraper runs on, as lists show it (the default when the spec names none). */
export function scraperScheduleText(spec: Record<string, unknown>): string {
  return scraperSchedule(spec)?.expression ?? (typeof spec.schedule === 'string' ? spec.schedule : '');
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
