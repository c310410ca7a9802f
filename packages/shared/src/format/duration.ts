/** Drops a trailing '.0' so 2000 ms reads '2s', not '2.0s'. */
function oneDecimal(value: number): string {
  const fixed = value.toFixed(1);
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/**
 * Formats a duration in milliseconds: under 1000 ms in ms, under 60000 in s,
 * under 3600000 in m, else h. Non-numbers give '' so tables can show an empty cell.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)}ms`;
  if (abs < 60_000) return `${sign}${oneDecimal(abs / 1000)}s`;
  if (abs < 3_600_000) return `${sign}${oneDecimal(abs / 60_000)}m`;
  return `${sign}${oneDecimal(abs / 3_600_000)}h`;
}
