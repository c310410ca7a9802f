/**
 * Catalogue number rules: costs of 10 or less show 2 decimals, larger ones none; the cost
 * trend shows only when the 1 d cost deviates more than 10% from the 30-day daily average; changes of
 * 500 or more are highlighted.
 */

/** Changes at or above this count are highlighted red. */
export const CHANGES_HIGHLIGHT_AT = 500;
/** The 1 d cost must differ from the 30-day daily average by more than this share to show a trend. */
export const COST_TREND_THRESHOLD = 0.1;

/** '$4.50' for small amounts, '$1,234' for larger; '' when there is no cost. */
export function formatCatalogCost(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return '';
  const digits = Math.abs(value) <= 10 ? 2 : 0;
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** 'up' / 'down' when the last day's cost is more than 10% off the 30-day daily average, else null. */
export function costTrend(cost1d: number | null | undefined, cost30d: number | null | undefined): 'up' | 'down' | null {
  if (!cost1d || !cost30d || cost30d <= 0) return null;
  const average = cost30d / 30;
  const deviation = (cost1d - average) / average;
  // A tolerance keeps exactly-10% (1.1 / 1.0 in floating point) on the 'no trend' side.
  if (Math.abs(deviation) <= COST_TREND_THRESHOLD + 1e-9) return null;
  return deviation > 0 ? 'up' : 'down';
}

/** Whether a changes count is highlighted red. */
export function isHighChangeCount(count: number | null | undefined): boolean {
  return (count ?? 0) >= CHANGES_HIGHLIGHT_AT;
}

/**
 * The types whose short form another of `types` shares ('Team::Service' and 'Infra::Service' are both
 * 'Service'): these must show in full to be told apart.
 */
export function ambiguousShortTypes(types: Iterable<string | null | undefined>): Set<string> {
  const byShort = new Map<string, Set<string>>();
  for (const t of types) {
    if (!t) continue;
    const short = shortType(t);
    const set = byShort.get(short) ?? new Set<string>();
    set.add(t);
    byShort.set(short, set);
  }
  const out = new Set<string>();
  for (const set of byShort.values()) if (set.size > 1) for (const t of set) out.add(t);
  return out;
}

/** 'Kubernetes::Pod' → 'Pod' for compact type cells; the full type stays in the title. */
export function shortType(type: string | null | undefined): string {
  if (!type) return '';
  const parts = type.split('::');
  return parts.length > 1 ? parts.slice(1).join(' ') : type;
}
