import type { CatalogSummaryRow } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { buildSummaryTree, rowClickParams, visibleSummaryNodes } from './summary-groups';

function row(group: Record<string, string | null>, count: number, changes = 0): CatalogSummaryRow {
  return {
    group,
    type: group.type ?? null,
    count,
    deleted: 0,
    health: { healthy: count, unhealthy: 0, warning: 0, unknown: 0 },
    status: {},
    analysis: { security: 1 },
    changes,
    cost_per_minute: 0,
    cost_total_30d: 1,
    last_scraped_time: null,
  };
}

const rows = [
  row({ config_class: 'Pod', type: 'Kubernetes::Pod' }, 10, 600),
  row({ config_class: 'Node', type: 'Kubernetes::Node' }, 3, 1),
  row({ config_class: 'Pod', type: 'Custom::Pod' }, 2),
];

describe('summary tree', () => {
  it('groups by all but the last groupBy entry and sums the figures', () => {
    const tree = buildSummaryTree(rows, ['config_class', 'type'], new Set());
    expect(
      tree.map(
        (n) => n.kind === 'group' && [n.group.value, n.group.count, n.group.changes, n.group.health.healthy, n.group.analysis.security],
      ),
    ).toEqual([
      ['Node', 3, 1, 3, 1],
      ['Pod', 12, 600, 12, 2],
    ]);
    const pod = tree[1]!;
    expect(pod.kind === 'group' && pod.group.children.map((c) => c.kind === 'leaf' && c.leaf.row.type)).toEqual([
      'Custom::Pod',
      'Kubernetes::Pod',
    ]);
  });

  it('lists favourite types first', () => {
    const tree = buildSummaryTree(rows, ['type'], new Set(['Kubernetes::Pod']));
    expect(tree.map((n) => n.kind === 'leaf' && n.leaf.row.type)).toEqual(['Kubernetes::Pod', 'Custom::Pod', 'Kubernetes::Node']);
  });

  it('shows children only of expanded groups', () => {
    const tree = buildSummaryTree(rows, ['config_class', 'type'], new Set());
    expect(visibleSummaryNodes(tree, new Set())).toHaveLength(2);
    expect(visibleSummaryNodes(tree, new Set(['/config_class=Pod']))).toHaveLength(4);
  });
});

describe('summary row click', () => {
  it('sets configType and labels/tags and clears groupBy', () => {
    const r = row({ type: 'Kubernetes::Pod', cluster__tag: 'prod', app: 'web', health: 'warning' }, 1);
    const next = rowClickParams(
      r,
      ['cluster__tag', 'app', 'health', 'type'],
      new URLSearchParams('groupBy=cluster__tag,app,health,type&labels=x__:__y'),
    );
    expect(Object.fromEntries(next)).toEqual({
      configType: 'Kubernetes__Pod',
      tags: 'cluster__:__prod',
      labels: 'app__:__web',
      health: 'warning:1',
    });
  });
});
