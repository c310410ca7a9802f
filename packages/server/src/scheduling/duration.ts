// Go-style durations as specs write them ("30s", "1h30m", "250ms"), plus d, w and y ("7d"). One parser
// for schedules, retention ages and check fields; milliseconds are precision enough for all of them.

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};

const PART = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w|y)/;

/** Milliseconds of a duration ("1h30m", "-5m", "7d"), or undefined when the text is not one. */
export function parseDurationMs(text: string): number | undefined {
  let s = text.trim();
  if (s === '') return undefined;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s.startsWith('-') ? -1 : 1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  let total = 0;
  while (s !== '') {
    const m = PART.exec(s);
    if (!m) return undefined;
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    s = s.slice(m[0].length);
  }
  return sign * total;
}
