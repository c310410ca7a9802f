import { describe, expect, it } from 'vitest';
import { makeCheck } from '../test/check-factory';
import { aggregateChecks, groupChecks, groupStatus } from './check-grouping';
import { buildRows, statusCounts } from './health-rows';

const opts = { groupBy: 'canary_name', sortBy: 'name' as const, sortDesc: false, collapsed: new Set<string>() };

describe('group status', () => {
  it('is good when all members are healthy, bad when all are unhealthy, else mixed', () => {
    expect(groupStatus([{ status: 'healthy' }, { status: 'healthy' }])).toBe('good');
    expect(groupStatus([{ status: 'unhealthy' }, { status: 'unhealthy' }])).toBe('bad');
    expect(groupStatus([{ status: 'healthy' }, { status: 'unhealthy' }])).toBe('mixed');
    expect(groupStatus([{ status: 'healthy' }, { status: 'unknown' }])).toBe('mixed');
    // Checks that never ran: neither passing nor failing, so grey rather than orange.
    expect(groupStatus([{ status: 'unknown' }, { status: 'unknown' }])).toBe('unknown');
    expect(groupStatus([])).toBe('unknown');
  });

  it('sums uptime and takes the slowest p95 of a group', () => {
    const agg = aggregateChecks([
      makeCheck({ uptime: { passed: 3, failed: 1 }, latency: { p95: 50, rolling1h: 0 } }),
      makeCheck({ status: 'unhealthy', uptime: { passed: 1, failed: 5 }, latency: { p95: 900, rolling1h: 0 } }),
    ]);
    expect(agg).toEqual({ status: 'mixed', uptime: { passed: 4, failed: 6 }, latency: 900, healthy: 1, unhealthy: 1 });
  });
});

describe('table rows', () => {
  const a1 = makeCheck({ canary_name: 'alpha', name: 'b-check' });
  const a2 = makeCheck({ canary_name: 'alpha', name: 'a-check', status: 'unhealthy' });
  const solo = makeCheck({ canary_name: 'beta', name: 'solo' });

  it('groups by canary name, shows a group of one as its check, and sorts groups and members', () => {
    const rows = buildRows([a1, solo, a2], opts);
    expect(rows.map((r) => (r.kind === 'group' ? `group:${r.group.label}` : `${r.depth}:${r.check.name}`))).toEqual([
      'group:alpha',
      '1:a-check',
      '1:b-check',
      '0:solo',
    ]);
    expect(rows[0]?.kind === 'group' && rows[0].group.aggregate.status).toBe('mixed');
  });

  it('folds collapsed groups and reverses for sortDesc', () => {
    const rows = buildRows([a1, solo, a2], { ...opts, collapsed: new Set(['alpha']), sortDesc: true });
    expect(rows.map((r) => r.id)).toEqual([solo.id, 'group:alpha']);
  });

  it('sorts by health with failing first, and does not group for no-group', () => {
    const rows = buildRows([a1, solo, a2], { ...opts, groupBy: 'no-group', sortBy: 'health' });
    expect(rows.map((r) => r.kind === 'check' && r.check.name)).toEqual(['a-check', 'b-check', 'solo']);
  });

  it('groups by a label key with the rest under Others', () => {
    const groups = groupChecks([makeCheck({ labels: { team: 'web' } }), makeCheck()], 'team');
    expect(groups?.map((g) => g.label)).toEqual(['web', 'Others']);
  });

  it('counts passing and failing checks for the header', () => {
    expect(statusCounts([a1, a2, solo, makeCheck({ status: 'unknown' })])).toEqual({ passing: 2, failing: 1 });
  });
});
