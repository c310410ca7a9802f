import type { ComponentSummary } from '@ops/shared';

/** Severity levels of summaries, most severe first; 'low' is counted as 'medium'. */
export const SUMMARY_SEVERITIES = ['critical', 'high', 'medium', 'info'] as const;
export type SummarySeverity = (typeof SUMMARY_SEVERITIES)[number];

/** One insights (or incidents) chip: type, severity and count. */
export interface SeverityCount {
  type: string;
  severity: SummarySeverity;
  count: number;
}

/** Maps a raw severity onto the summary levels (low → medium; blocker → critical; warning → medium). */
export function summarySeverity(raw: string): SummarySeverity | undefined {
  const s = raw.toLowerCase();
  if (s === 'critical' || s === 'blocker') return 'critical';
  if (s === 'high') return 'high';
  if (s === 'medium' || s === 'low' || s === 'warning') return 'medium';
  if (s === 'info') return 'info';
  return undefined;
}

/** Flattens {type: {severity: n}} into chips by type and merged severity, most severe first, zeros dropped. */
export function severityCounts(byType: ComponentSummary['insights'] | undefined): SeverityCount[] {
  const merged = new Map<string, SeverityCount>();
  for (const [type, bySeverity] of Object.entries(byType ?? {})) {
    for (const [raw, count] of Object.entries(bySeverity)) {
      const severity = summarySeverity(raw);
      if (!severity || !count) continue;
      const key = `${type}|${severity}`;
      const prev = merged.get(key);
      merged.set(key, { type, severity, count: (prev?.count ?? 0) + count });
    }
  }
  const rank = (s: SummarySeverity): number => SUMMARY_SEVERITIES.indexOf(s);
  return [...merged.values()].sort((a, b) => rank(a.severity) - rank(b.severity) || a.type.localeCompare(b.type));
}

/** Check counts of a summary with zeros left out, in healthy/unhealthy/warning order. */
export function checkCounts(summary: ComponentSummary | undefined): { health: 'healthy' | 'unhealthy' | 'warning'; count: number }[] {
  const checks = summary?.checks ?? {};
  return (['healthy', 'unhealthy', 'warning'] as const)
    .map((health) => ({ health, count: checks[health] ?? 0 }))
    .filter((c) => c.count > 0);
}
