import type { CheckSummary } from '@ops/shared';

let n = 0;

/** A summary row as the API returns it, with overrides; ids are unique per call. */
export function makeCheck(over: Partial<CheckSummary> = {}): CheckSummary {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    canary_id: 'c1',
    canary_name: 'canary-a',
    canary_namespace: 'default',
    name: `check-${n}`,
    namespace: 'default',
    type: 'http',
    status: 'healthy',
    labels: {},
    agent_id: '00000000-0000-0000-0000-000000000000',
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    uptime: { passed: 10, failed: 0 },
    latency: { p95: 100, rolling1h: 100 },
    checkStatuses: [{ time: '2024-01-01T00:00:00Z', status: true, duration: 100 }],
    ...over,
  };
}
