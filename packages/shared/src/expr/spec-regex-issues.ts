// Refusal at save of patterns RE2 cannot run: walks a spec (canary, scrape config) and reports every
// CEL expression whose literal `matches` pattern RE2 refuses, with the field path that holds it.
import { celRegexLiteralProblem } from './cel/index.js';

/** One refused pattern: the field path (`spec.http[0].test.expr`) and the reason. */
export interface SpecRegexIssue {
  path: string;
  message: string;
}

const MAX_DEPTH = 64;

/**
 * Every string of `value` that is a CEL expression calling `matches` with a literal pattern RE2
 * refuses; strings that are not CEL are skipped (they are checked where they run).
 */
export function specRegexIssues(value: unknown, path = 'spec', depth = 0): SpecRegexIssue[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === 'string') {
    if (!value.includes('matches')) return [];
    const problem = celRegexLiteralProblem(value);
    return problem ? [{ path, message: problem.message }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => specRegexIssues(v, `${path}[${i}]`, depth + 1));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => specRegexIssues(v, `${path}.${k}`, depth + 1));
  return [];
}
