import { describe, expect, it } from 'vitest';
import { makeCheck } from '../test/check-factory';
import { buildPivot } from './pivot';

describe('pivot table', () => {
  const opts = { groupBy: 'no-group', sortBy: 'name' as const, sortDesc: false, collapsed: new Set<string>(), pivotLabel: undefined };

  it('makes one column per value and lines the same check name up across them', () => {
    const checks = [
      makeCheck({ name: 'api', namespace: 'prod' }),
      makeCheck({ name: 'api', namespace: 'dev', status: 'unhealthy' }),
      makeCheck({ name: 'db', namespace: 'prod' }),
    ];
    const model = buildPivot(checks, { ...opts, pivotBy: 'namespace' });
    expect(model.columns).toEqual(['dev', 'prod']);
    expect(model.rows.map((r) => [r.label, Object.keys(r.cells).sort()])).toEqual([
      ['api', ['dev', 'prod']],
      ['db', ['prod']],
    ]);
  });

  it("pivots by a label with 'other' last and adds group rows", () => {
    const checks = [
      makeCheck({ name: 'api', canary_name: 'g', labels: { cluster: 'west' } }),
      makeCheck({ name: 'api', canary_name: 'g', labels: { cluster: 'east' } }),
      makeCheck({ name: 'web', canary_name: 'g' }),
    ];
    const model = buildPivot(checks, { ...opts, groupBy: 'canary_name', pivotBy: 'labels', pivotLabel: 'cluster' });
    expect(model.columns).toEqual(['east', 'west', 'other']);
    expect(model.rows.map((r) => `${r.kind}:${r.label}`)).toEqual(['group:g', 'check:api', 'check:web']);
    expect(model.rows[0]?.cells.other?.length).toBe(1);
  });
});
