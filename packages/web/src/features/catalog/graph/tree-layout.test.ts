import { describe, expect, it } from 'vitest';
import { NODE_HEIGHT, NODE_SPACING, NODE_WIDTH, RANK_SPACING } from './graph-layout';
import { treeLayout } from './tree-layout';

const edge = (source: string, target: string) => ({ id: `${source}->${target}`, source, target });

describe('tree layout (small graphs on the page, large ones in a worker)', () => {
  it('puts children one rank on with the rank spacing and centres the parent on them', () => {
    const { positions } = treeLayout({
      nodes: ['r', 'a', 'b'].map((id) => ({ id })),
      edges: [edge('r', 'a'), edge('r', 'b')],
      direction: 'LR',
    });
    expect(positions.a!.x - positions.r!.x).toBe(NODE_WIDTH + RANK_SPACING);
    expect(positions.b!.y - positions.a!.y).toBe(NODE_HEIGHT + NODE_SPACING);
    expect(positions.r!.y).toBe((positions.a!.y + positions.b!.y) / 2);
  });

  it('places upstream items before the root, and swaps axes top to bottom', () => {
    const { positions } = treeLayout({
      nodes: ['r', 'up', 'down'].map((id) => ({ id })),
      edges: [edge('up', 'r'), edge('r', 'down')],
      direction: 'TB',
    });
    expect(positions.up!.y).toBeLessThan(positions.r!.y);
    expect(positions.down!.y - positions.r!.y).toBe(NODE_HEIGHT + RANK_SPACING);
  });

  it('lays out 2,000 nodes with cross links and a cycle quickly and without overlaps', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `n${i}`);
    const edges = ids.slice(1).map((id, i) => edge(`n${Math.floor(i / 3)}`, id));
    edges.push(edge('n5', 'n900'), edge('n900', 'n5'));
    const { positions, ms } = treeLayout({ nodes: ids.map((id) => ({ id })), edges, direction: 'LR' });
    expect(new Set(Object.values(positions).map((p) => `${p.x},${p.y}`)).size).toBe(2000);
    expect(ms).toBeLessThan(500);
  });
});
