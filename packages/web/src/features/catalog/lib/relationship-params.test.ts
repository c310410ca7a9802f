import type { RelatedConfigRow } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { filterRelated, readRelationshipView, relatedArgs } from './relationship-params';

const item = (over: Partial<RelatedConfigRow>): RelatedConfigRow => ({
  id: 'x',
  name: 'x',
  type: 'Kubernetes::Pod',
  config_class: 'Pod',
  tags: { namespace: 'default' },
  status: 'Running',
  health: 'healthy',
  changes: 0,
  deleted_at: null,
  related_ids: [],
  direction: 'outgoing',
  relation: 'hard',
  depth: 1,
  agent_id: '0',
  ...over,
});

describe('relationship toggles', () => {
  it('defaults to both directions, hard and soft links, table, left to right, bezier', () => {
    const v = readRelationshipView(new URLSearchParams());
    expect(v).toMatchObject({ outgoing: true, incoming: true, soft: true, view: 'table', direction: 'LR', edgeStyle: 'bezier' });
    expect(relatedArgs('c', v, true)).toEqual({
      config_id: 'c',
      type_filter: 'all',
      include_deleted_configs: false,
      max_depth: 10,
      incoming_relation: 'both',
      outgoing_relation: 'both',
    });
  });

  it('maps Outgoing only, hard links only and shown deleted items', () => {
    const v = readRelationshipView(new URLSearchParams('incoming=false&relation=hard&view=graph&group=g1&group=g2'));
    expect(v.toggled).toEqual(new Set(['g1', 'g2']));
    expect(v.soft).toBe(false);
    expect(relatedArgs('c', v, false)).toMatchObject({ type_filter: 'outgoing', incoming_relation: 'hard', include_deleted_configs: true });
  });
});

describe('relationship filters', () => {
  const items = [
    item({ id: 'a' }),
    item({ id: 'b', type: 'Kubernetes::Node', health: 'unhealthy', relation: 'soft' }),
    item({ id: 'c', tags: {} }),
  ];
  const ids = (qs: string) => filterRelated(items, new URLSearchParams(qs)).map((i) => i.id);

  it('filters by type, health, relationship and labels', () => {
    expect(ids('configTypes=Kubernetes__Node:1')).toEqual(['b']);
    expect(ids('health=unhealthy:-1')).toEqual(['a', 'c']);
    expect(ids('relationship=soft')).toEqual(['b']);
    expect(ids('labels=namespace__:__default')).toEqual(['a', 'b']);
    expect(ids('')).toEqual(['a', 'b', 'c']);
  });
});
