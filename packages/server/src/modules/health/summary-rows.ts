// Summary rows as the API returns them (Mission Control's CheckSummary shape): empty text fields and
// missing figures are left out, timestamps are ISO strings.
import type { ApiCheck, CheckHealth, CheckSummary, Latency, Uptime } from '@ops/shared';
import type { SummaryDbRow } from './summary.repository.js';

const iso = (d: Date | string | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);
const round = (n: number): number => Math.round(n * 1000) / 1000;
const text = (s: string | null): string | undefined => (s ? s : undefined);

/** Uptime of a row: counts always, last pass/fail when there were any. */
export function uptimeOf(r: Pick<SummaryDbRow, 'passed' | 'failed' | 'last_pass' | 'last_fail'>): Uptime {
  const u: Uptime = { passed: Number(r.passed ?? 0), failed: Number(r.failed ?? 0) };
  if (r.last_pass) u.last_pass = iso(r.last_pass);
  if (r.last_fail) u.last_fail = iso(r.last_fail);
  return u;
}

/** Latency of a row: p50/p95/p97/p99 and avg when there were runs, rolling1h always. */
export function latencyOf(r: Pick<SummaryDbRow, 'percentiles' | 'avg' | 'rolling1h'>): Latency {
  const l: Latency = { rolling1h: round(r.rolling1h ?? 0) };
  const p = r.percentiles;
  if (p && p.length === 4) [l.p50, l.p95, l.p97, l.p99] = p.map(round) as [number, number, number, number];
  if (r.avg !== null && r.avg !== undefined) l.avg = round(r.avg);
  return l;
}

/** One checks_summary row. */
export function toSummary(r: SummaryDbRow): CheckSummary {
  return {
    id: r.id,
    canary_id: r.canary_id,
    canary_name: r.canary_name,
    canary_namespace: r.canary_namespace,
    name: r.name,
    namespace: r.namespace,
    type: r.type,
    icon: text(r.icon),
    status: r.status as CheckHealth,
    labels: r.labels ?? {},
    severity: text(r.severity),
    description: text(r.description),
    endpoint: text(r.endpoint),
    owner: text(r.owner),
    agent_id: r.agent_id,
    last_runtime: iso(r.last_runtime) ?? null,
    next_runtime: iso(r.next_runtime) ?? null,
    last_transition_time: iso(r.last_transition_time) ?? null,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    uptime: uptimeOf(r),
    latency: latencyOf(r),
    checkStatuses: r.recent.map((s) => ({ time: iso(s.time)!, status: s.status, duration: s.duration })),
  };
}

/** One check of the /api call: the summary row plus spec and the runs' message and error. */
export function toApiCheck(r: SummaryDbRow): ApiCheck {
  return {
    ...toSummary(r),
    spec: r.spec ?? {},
    checkStatuses: r.recent.map((s) => ({
      time: iso(s.time)!,
      status: s.status,
      duration: s.duration,
      message: s.message ?? null,
      error: s.error ?? null,
    })),
  };
}
