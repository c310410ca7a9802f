// The error a Canary document is refused with: every problem with the field it concerns, and a
// message that starts with the first field ("spec.schedule: invalid cron expression …").

/** One problem: a dotted path with list indexes (`spec.http[0].url`) and what is wrong. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** A Canary that cannot be accepted. `message` joins every issue as `path: message`. */
export class CanaryValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '));
    this.name = 'CanaryValidationError';
  }
}

/** Joins path segments the way messages show them: names with dots, indexes in brackets. */
export function joinPath(...segments: Array<string | number | symbol>): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out ? `.${String(s)}` : String(s);
  }
  return out;
}
