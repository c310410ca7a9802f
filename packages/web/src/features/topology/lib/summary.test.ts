import { describe, expect, it } from 'vitest';
import { checkCounts, severityCounts } from './summary';

describe('summaries', () => {
  it('merges low into medium, drops zeros and orders by severity', () => {
    expect(severityCounts({ security: { low: 2, medium: 1, critical: 1 }, cost: { info: 0, high: 3 } })).toEqual([
      { type: 'security', severity: 'critical', count: 1 },
      { type: 'cost', severity: 'high', count: 3 },
      { type: 'security', severity: 'medium', count: 3 },
    ]);
  });

  it('lists non-zero check counts', () => {
    expect(checkCounts({ checks: { healthy: 2, unhealthy: 0, warning: 1 } })).toEqual([
      { health: 'healthy', count: 2 },
      { health: 'warning', count: 1 },
    ]);
    expect(checkCounts(undefined)).toEqual([]);
  });
});
