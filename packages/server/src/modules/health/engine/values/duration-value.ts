// A Go time.Duration inside result data (http `elapsed`, `sslAge`). It stays JSON-safe (serialised
// as Go prints durations, "1h2m3s") and the expression layer turns it into a CEL duration.

/** A duration in milliseconds that expressions see as a duration, not a number. */
export class DurationValue {
  constructor(readonly ms: number) {}

  /** Go's Duration.String(): "1.5s", "2m0s", "1h0m0s", "350µs", "0s". */
  toString(): string {
    return formatGoDuration(this.ms);
  }

  toJSON(): string {
    return this.toString();
  }
}

/** Formats milliseconds the way Go formats a time.Duration. */
export function formatGoDuration(ms: number): string {
  let ns = Math.round(ms * 1e6);
  if (ns === 0) return '0s';
  const sign = ns < 0 ? '-' : '';
  ns = Math.abs(ns);
  if (ns < 1e3) return `${sign}${ns}ns`;
  if (ns < 1e6) return `${sign}${trim(ns / 1e3)}µs`;
  if (ns < 1e9) return `${sign}${trim(ns / 1e6)}ms`;
  const totalSeconds = ns / 1e9;
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds - h * 3600) / 60);
  const s = totalSeconds - h * 3600 - m * 60;
  const sec = `${trim(s)}s`;
  if (h > 0) return `${sign}${h}h${m}m${sec}`;
  if (m > 0) return `${sign}${m}m${sec}`;
  return `${sign}${sec}`;
}

function trim(n: number): string {
  return Number(n.toFixed(9)).toString();
}
