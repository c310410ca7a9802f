/** Milliseconds per unit of the duration strings used by the spec's option lists. */
export const DURATION_UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  mo: 30 * 86_400_000,
  M: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

const DURATION_RE = /^(\d+(?:\.\d+)?)(ms|mo|s|m|h|d|w|M|y)$/;

/**
 * Parses a duration string of the option lists into milliseconds: '1h' → 3600000, '1mo' → 30 days,
 * '1w', '1y' (365 days), '15s', '100ms'. 'm' is minutes; 'mo' and 'M' are months. Bad input → undefined.
 */
export function parseDurationMs(text: string | null | undefined): number | undefined {
  const match = DURATION_RE.exec((text ?? '').trim());
  if (!match) return undefined;
  return Number(match[1]) * DURATION_UNIT_MS[match[2]!]!;
}

const UNIT_NAMES: Readonly<Record<string, string>> = {
  ms: 'millisecond',
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  mo: 'month',
  M: 'month',
  y: 'year',
};

/** Human label of a duration string: '1h' → '1 hour', '15m' → '15 minutes', '1mo' → '1 month'. */
export function durationLabel(text: string): string {
  const match = DURATION_RE.exec(text.trim());
  if (!match) return text;
  const amount = Number(match[1]);
  const name = UNIT_NAMES[match[2]!]!;
  return `${match[1]} ${name}${amount === 1 ? '' : 's'}`;
}
