import { describe, expect, it } from 'vitest';
import { buildGraphModel, groupId, type GraphItem, type GraphRoot } from './graph-model';

const root: GraphRoot = {
  id: 'r',
  name: 'cluster',
  type: 'Cluster',
  status: null,
  health: 'healthy',
  changes: 0,
  deleted_at: null,
  tags: {},
};
const item = (id: string, type: string, related: string[], direction: 'incoming' | 'outgoing' = 'outgoing'): GraphItem => ({
  ...root,
  id,
  name: id,
  type,
  related_ids: related,
  direction,
});

const ids = (m: ReturnType<typeof buildGraphModel>) => m.nodes.map((n) => n.id);

describe('relationship graph model', () => {
  it('links fewer than 3 items of a type straight to their parent', () => {
    const m = buildGraphModel(root, [item('a', 'Node', ['r']), item('b', 'Node', ['r'])], new Set());
    expect(ids(m)).toEqual(['r', 'a', 'b']);
    expect(m.edges.map((e) => e.id)).toEqual(['r->a', 'r->b']);
  });

  it('groups 3 items of a type under an intermediary that starts expanded', () => {
    const m = buildGraphModel(
      root,
      ['a', 'b', 'c'].map((id) => item(id, 'Node', ['r'])),
      new Set(),
    );
    const g = groupId('r', 'Node', 'outgoing');
    expect(m.nodes.find((n) => n.id === g)).toMatchObject({ kind: 'group', count: 3, expanded: true });
    expect(m.edges.map((e) => e.id)).toEqual([`r->${g}`, `${g}->a`, `${g}->b`, `${g}->c`]);
  });

  it('starts groups of more than 3 collapsed, hiding their items and what hangs off them', () => {
    const pods = ['a', 'b', 'c', 'd'].map((id) => item(id, 'Pod', ['r']));
    const m = buildGraphModel(root, [...pods, item('x', 'Container', ['a'])], new Set());
    const g = groupId('r', 'Pod', 'outgoing');
    expect(ids(m)).toEqual(['r', g]);
    const open = buildGraphModel(root, [...pods, item('x', 'Container', ['a'])], new Set([g]));
    expect(ids(open)).toEqual(['r', g, 'a', 'b', 'c', 'd', 'x']);
    expect(open.edges.at(-1)!.id).toBe('a->x');
  });

  it('draws incoming items before the root and attaches unknown parents to the root', () => {
    const m = buildGraphModel(root, [item('ns', 'Namespace', ['r'], 'incoming'), item('orphan', 'Pod', ['gone'])], new Set());
    expect(m.edges.map((e) => e.id)).toEqual(['ns->r', 'r->orphan']);
  });

  it('keeps one node for an item reached from two parents', () => {
    const m = buildGraphModel(root, [item('a', 'Svc', ['r']), item('b', 'Dep', ['r']), item('p', 'Pod', ['a', 'b'])], new Set());
    expect(ids(m).filter((id) => id === 'p')).toHaveLength(1);
    expect(m.edges.map((e) => e.id)).toEqual(['r->a', 'r->b', 'a->p', 'b->p']);
  });
});
