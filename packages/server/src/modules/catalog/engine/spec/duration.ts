// Go-style durations as ScrapeConfigs write them ("60m", "1h30m", "72h"), plus d and w for
// retention ages ("8d"). Milliseconds are enough precision for schedules and retention.

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
};

const PART = /^(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w)/;

/** Parse a duration into milliseconds; throws an Error naming the text when it is not one. */
export function parseDurationMs(text: string): number {
  let rest = text.trim();
  if (rest === '0') return 0;
  if (rest === '') throw new Error(`invalid duration "${text}"`);
  let total = 0;
  while (rest !== '') {
    const m = PART.exec(rest);
    if (!m) throw new Error(`invalid duration "${text}" (use e.g. 30s, 5m, 1h30m, 7d)`);
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    rest = rest.slice(m[0].length);
  }
  return total;
}

/** True when the text parses as a duration. */
export function isDuration(text: string): boolean {
  try {
    parseDurationMs(text);
    return true;
  } catch {
    return false;
  }
}
