// The entry point for Canary documents: parse, validate (refusing an invalid spec with messages that
// name the field) and expand into checks. Unknown fields are kept in `document.spec`.
import { specRegexIssues } from '@ops/shared/expr';
import type { ParsedCanary } from '../types.js';
import { readCanaryInput, validateEnvelope } from './canary-document.js';
import { expandChecks, validateCheckEntries, validateIdentities } from './check-entries.js';
import { metricSpecIssues } from './metric-specs.js';
import { scheduleOfSpec, type Schedule } from './schedule.js';
import { CanaryValidationError, type ValidationIssue } from './validation-error.js';

/** Parses and validates a Canary (YAML/JSON text or an object); throws CanaryValidationError. */
export function parseCanary(input: string | unknown): ParsedCanary {
  const doc = validateEnvelope(readCanaryInput(input));
  const issues: ValidationIssue[] = [];
  let schedule: Schedule | undefined;
  try {
    schedule = scheduleOfSpec(doc.spec);
  } catch (err) {
    issues.push({
      path: typeof doc.spec.schedule === 'string' && doc.spec.schedule.trim() ? 'spec.schedule' : 'spec.interval',
      message: (err as Error).message,
    });
  }
  issues.push(...validateCheckEntries(doc.spec));
  // Across entries (one name, one type), once each entry is well formed.
  if (issues.length === 0) issues.push(...metricSpecIssues(doc.spec));
  // A literal `matches` pattern RE2 refuses is refused at save, not at the first run.
  issues.push(...specRegexIssues(doc.spec, 'spec'));
  if (issues.length > 0) throw new CanaryValidationError(issues);
  const checks = expandChecks(doc);
  const identityIssues = validateIdentities(checks);
  if (identityIssues.length > 0) throw new CanaryValidationError(identityIssues);
  return { document: doc, key: `${doc.metadata.namespace}/${doc.metadata.name}`, schedule: schedule!, checks };
}

/** The problems of a Canary without throwing: empty when it would be accepted. */
export function validateCanary(input: string | unknown): ValidationIssue[] {
  try {
    parseCanary(input);
    return [];
  } catch (err) {
    if (err instanceof CanaryValidationError) return err.issues;
    throw err;
  }
}
