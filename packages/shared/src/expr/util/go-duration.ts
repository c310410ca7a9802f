// Go's time.Duration, in BigInt nanoseconds so long durations keep full precision.
export const NS = {
  ns: 1n,
  us: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
  d: 86_400_000_000_000n,
  w: 604_800_000_000_000n,
  y: 31_536_000_000_000_000n,
} as const;

const UNITS: Record<string, bigint> = {
  ns: NS.ns,
  us: NS.us,
  µs: NS.us,
  μs: NS.us,
  ms: NS.ms,
  s: NS.s,
  m: NS.m,
  h: NS.h,
  d: NS.d,
  w: NS.w,
  y: NS.y,
};

const PART = /^(\d*)(?:\.(\d*))?([a-zµμ]+)/;

/**
 * Parses a Go duration ("1h30m", "-1.5s", "300ms") plus Flanksource's extra units d, w and y
 * (canary-checker's Duration('7d')). Returns nanoseconds; throws on anything else.
 */
export function parseGoDuration(text: string): bigint {
  const orig = text;
  let s = text.trim();
  let neg = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    neg = s.startsWith('-');
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') throw new Error(`time: invalid duration "${orig}"`);
  let total = 0n;
  while (s !== '') {
    const m = PART.exec(s);
    if (!m || (m[1] === '' && (m[2] ?? '') === '')) throw new Error(`time: invalid duration "${orig}"`);
    const unit = UNITS[m[3]!];
    if (unit === undefined) throw new Error(`time: unknown unit "${m[3]}" in duration "${orig}"`);
    const whole = BigInt(m[1] || '0') * unit;
    const frac = m[2] ? (BigInt(m[2]) * unit) / 10n ** BigInt(m[2].length) : 0n;
    total += whole + frac;
    s = s.slice(m[0].length);
  }
  return neg ? -total : total;
}

/** Formats the fraction of v/10^prec without trailing zeros (".5"), or '' when it is zero. */
function fraction(v: bigint, prec: number): string {
  const digits = v.toString().padStart(prec, '0').replace(/0+$/, '');
  return digits ? `.${digits}` : '';
}

/** Go's time.Duration.String(): "1h0m0s", "1.5s", "300ms", "0s". */
export function formatGoDuration(ns: bigint): string {
  if (ns === 0n) return '0s';
  const neg = ns < 0n;
  const u = neg ? -ns : ns;
  let out: string;
  if (u < NS.s) {
    if (u < NS.us) out = `${u}ns`;
    else if (u < NS.ms) out = `${u / NS.us}${fraction(u % NS.us, 3)}µs`;
    else out = `${u / NS.ms}${fraction(u % NS.ms, 6)}ms`;
  } else {
    const secs = u / NS.s;
    const sec = `${secs % 60n}${fraction(u % NS.s, 9)}s`;
    const mins = secs / 60n;
    if (mins === 0n) out = sec;
    else if (mins < 60n) out = `${mins}m${sec}`;
    else out = `${mins / 60n}h${mins % 60n}m${sec}`;
  }
  return neg ? `-${out}` : out;
}

/**
 * Flanksource's HumanDuration: like Go's form but with days and weeks for long spans ("3d2h6m",
 * "4w3d2h") and without zero parts ("1h", not "1h0m0s"). Sub-second values keep Go's units.
 */
export function formatHumanDuration(ns: bigint): string {
  if (ns === 0n) return '0s';
  const neg = ns < 0n;
  const u = neg ? -ns : ns;
  if (u < NS.s) return formatGoDuration(ns);
  const parts: [bigint, string][] =
    u > NS.w
      ? [
          [u / NS.w, 'w'],
          [(u % NS.w) / NS.d, 'd'],
          [(u % NS.d) / NS.h, 'h'],
        ]
      : u > NS.d
        ? [
            [u / NS.d, 'd'],
            [(u % NS.d) / NS.h, 'h'],
            [(u % NS.h) / NS.m, 'm'],
          ]
        : [
            [u / NS.h, 'h'],
            [(u % NS.h) / NS.m, 'm'],
          ];
  let out = parts
    .filter(([v]) => v !== 0n)
    .map(([v, unit]) => `${v}${unit}`)
    .join('');
  if (u <= NS.d) {
    const sec = u % NS.m;
    if (sec !== 0n) out += `${sec / NS.s}${fraction(sec % NS.s, 9)}s`;
  }
  return neg ? `-${out}` : out;
}
