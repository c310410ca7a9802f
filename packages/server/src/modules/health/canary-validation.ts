// Validation of canary specs written through the data API (/api/db/canaries), with the engine's rules,
// as zod refinements: the error names the field ("spec.schedule: invalid cron expression …").
import { CANARY_API_VERSION } from '@ops/shared';
import { z } from 'zod';
import { parseSchedule, validateCanary, type ValidationIssue } from './engine/index.js';

/** The problems of a spec as the engine sees them (empty when it would run). */
export function specIssues(spec: Record<string, unknown>, name = 'canary'): ValidationIssue[] {
  return validateCanary({ apiVersion: CANARY_API_VERSION, kind: 'Canary', metadata: { name }, spec });
}

/** A zod schema of a canary spec that refuses what the engine refuses. */
export const canarySpecSchema = z.record(z.string(), z.unknown()).superRefine((spec, ctx) => {
  for (const issue of specIssues(spec))
    ctx.addIssue({ code: 'custom', message: issue.path ? `${issue.path}: ${issue.message}` : issue.message });
});

/** A schedule written on its own (the schedule column): cron, @every or a descriptor. */
export const scheduleSchema = z.string().superRefine((text, ctx) => {
  try {
    parseSchedule(text);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
  }
});

/** `spec.http[0].url` → ['spec', 'http', 0, 'url'] (zod issue paths). */
export function pathSegments(path: string): Array<string | number> {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));
}
