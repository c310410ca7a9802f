import { describe, expect, it } from 'vitest';
import { groupPlaybooks } from './group-playbooks';

describe('groupPlaybooks', () => {
  it('groups by category with Other for none and last, titles sorted', () => {
    const groups = groupPlaybooks([
      { title: 'Zeta', category: 'Ops' },
      { title: 'Restart', category: null },
      { title: 'Alpha', category: 'Ops' },
      { title: 'Blank', category: '  ' },
      { title: 'Scale', category: 'Kubernetes' },
    ]);
    expect(groups.map((g) => g.category)).toEqual(['Kubernetes', 'Ops', 'Other']);
    expect(groups[1]!.playbooks.map((p) => p.title)).toEqual(['Alpha', 'Zeta']);
    expect(groups[2]!.playbooks.map((p) => p.title)).toEqual(['Blank', 'Restart']);
  });

  it('answers no groups for no playbooks', () => {
    expect(groupPlaybooks([])).toEqual([]);
  });
});
