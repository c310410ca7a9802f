import { describe, expect, it } from 'vitest';
import { checkSummarySchema } from '@ops/shared';
import type { SummaryDbRow } from './summary.repository.js';
import { toSummary } from './summary-rows.js';

const row: SummaryDbRow = {
  id: 'eed7bd6e-529b-4693-aca9-43977bcc5ff1',
  canary_id: '6dc9d6dd-0b55-4801-837c-352d3abf9b70',
  canary_name: 'cart',
  canary_namespace: 'shop',
  name: 'cart-api',
  namespace: '',
  type: 'http',
  icon: null,
  status: 'healthy',
  labels: {},
  severity: null,
  description: '',
  endpoint: 'http://cart',
  owner: null,
  agent_id: '00000000-0000-0000-0000-000000000000',
  last_runtime: new Date('2024-05-01T12:00:00Z'),
  next_runtime: null,
  last_transition_time: null,
  created_at: new Date('2024-05-01T00:00:00Z'),
  updated_at: new Date('2024-05-01T00:00:00Z'),
  passed: 56,
  failed: 14,
  last_pass: new Date('2024-05-01T11:59:00Z'),
  last_fail: null,
  avg: 710.12345,
  percentiles: [700, 1340, 1370.5, 1400],
  rolling1h: null,
  recent: [{ time: '2024-05-01T12:00:00+00:00', status: true, duration: 12 }],
};

describe('summary rows', () => {
  it('map to the contract shape, leaving out empty text and missing figures', () => {
    const s = toSummary(row);
    expect(checkSummarySchema.parse(s)).toEqual(s);
    expect(s).toMatchObject({
      uptime: { passed: 56, failed: 14, last_pass: '2024-05-01T11:59:00.000Z' },
      latency: { p50: 700, p95: 1340, p97: 1370.5, p99: 1400, avg: 710.123, rolling1h: 0 },
      checkStatuses: [{ time: '2024-05-01T12:00:00.000Z', status: true, duration: 12 }],
      endpoint: 'http://cart',
    });
    expect('description' in s && s.description !== undefined).toBe(false);
    expect(s.uptime.last_fail).toBeUndefined();
  });

  it('has no percentiles when the range had no runs', () => {
    const s = toSummary({ ...row, passed: null, failed: null, last_pass: null, avg: null, percentiles: null });
    expect(s.uptime).toEqual({ passed: 0, failed: 0 });
    expect(s.latency).toEqual({ rolling1h: 0 });
  });
});
