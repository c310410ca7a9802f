// Small constructors for probe results, so every check type reports the same way.
import type { ProbeResult } from './check-type.js';

/** A passing probe with its result variables. */
export function passed(data: Record<string, unknown> = {}, extra: Partial<ProbeResult> = {}): ProbeResult {
  return { pass: true, data, ...extra };
}

/** A failing probe: `error` says why. */
export function failed(error: string, extra: Partial<ProbeResult> = {}): ProbeResult {
  return { pass: false, error, ...extra };
}

/** A probe that could not be evaluated because the spec (or a reference in it) is wrong. */
export function invalid(error: string, extra: Partial<ProbeResult> = {}): ProbeResult {
  return { pass: false, invalid: true, error, ...extra };
}

/** The message of anything thrown, for result errors. */
export function errorText(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.map(errorText).join('; ');
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}
