import { describe, expect, it } from 'vitest';
import { ancestorIds, topologyCrumbs } from './breadcrumbs';
import { topologyQuery, withoutExcludedLabels, labelMap } from './topology-params';

const SORT = { sortBy: 'status', sortOrder: 'asc' } as const;

describe('dashboard params', () => {
  it('turns URL filters into the topology query, dropping "all"', () => {
    const p = new URLSearchParams(
      'status=unhealthy&type=all&team=ops&agent_id=a1&labels=env%3Dprod:1,tier%3Dweb:-1&showHiddenComponents=false',
    );
    expect(topologyQuery(p, SORT, 'c1')).toEqual({
      sortBy: 'status',
      sortOrder: 'asc',
      id: 'c1',
      status: 'unhealthy',
      team: 'ops',
      agent_id: 'a1',
      labels: 'env=prod',
      hidden: 'false',
    });
    expect(topologyQuery(new URLSearchParams(), SORT)).toEqual({ sortBy: 'status', sortOrder: 'asc' });
  });

  it('drops components carrying an excluded label', () => {
    const p = new URLSearchParams('labels=tier%3Dweb:-1');
    const list = [
      { id: 'a', labels: { tier: 'web' } },
      { id: 'b', labels: { tier: 'db' } },
    ];
    expect(withoutExcludedLabels(list, labelMap(p)).map((c) => c.id)).toEqual(['b']);
  });

  it('builds breadcrumbs from the ancestor path', () => {
    expect(ancestorIds('root.mid.self', 'self')).toEqual(['root', 'mid']);
    expect(ancestorIds('', 'self')).toEqual([]);
    expect(topologyCrumbs(['root', 'mid'], new Map([['root', 'Root']]), 'self')).toEqual([
      { label: 'Dashboard', to: '/topology' },
      { label: 'Root', to: '/topology/root' },
      { label: 'mid', to: '/topology/mid?refererId=self' },
    ]);
  });
});
