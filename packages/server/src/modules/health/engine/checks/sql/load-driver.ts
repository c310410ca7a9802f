// Database drivers load on a check's first run (mssql and mongodb are heavy, and most servers never
// run those types). A driver that cannot load makes the check invalid with the reason, never a pass.
import { errorText, invalid } from '../probe-results.js';
import type { ProbeResult } from '../check-type.js';

/** The module, or an invalid probe result naming the missing package. */
export async function loadDriver<T>(type: string, pkg: string, load: () => Promise<T>): Promise<T | ProbeResult> {
  try {
    return await load();
  } catch (err) {
    return invalid(`${type} checks cannot run here: the ${pkg} driver did not load (${errorText(err)})`);
  }
}

/** Narrows loadDriver's answer. */
export function isProbeResult(v: unknown): v is ProbeResult {
  return typeof v === 'object' && v !== null && 'pass' in v && typeof (v as ProbeResult).pass === 'boolean';
}
