/** Formats a percentage (0–100) with one decimal: 99.456 → '99.5%'. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${value.toFixed(1)}%`;
}

/** Percentage of `part` in `total` with one decimal; '' when the total is zero (no data, not 0%). */
export function formatRatioPercent(part: number, total: number): string {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total === 0) return '';
  return formatPercent((part / total) * 100);
}

/**
 * Short count for badges and summaries: exact below 1000, then 'Nk+' (1500 → '1k+'),
 * and 'NM+' from a million, so a badge never grows wider than a few characters.
 */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const n = Math.trunc(value);
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k+`;
  return `${Math.floor(n / 1_000_000)}M+`;
}

/** One decimal without a trailing '.0', for compact money figures. */
function compact(value: number): string {
  const fixed = value.toFixed(1);
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/**
 * Formats a cost in dollars: cents below $1000 ('$12.34'), compact above ('$1.2k', '$3M'),
 * '<$0.01' for tiny non-zero costs so they do not read as free, and '' without a value.
 */
export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs === 0) return '$0';
  if (abs < 0.01) return `${sign}<$0.01`;
  if (abs < 1000) return `${sign}$${abs.toFixed(2)}`;
  if (abs < 1_000_000) return `${sign}$${compact(abs / 1000)}k`;
  return `${sign}$${compact(abs / 1_000_000)}M`;
}
