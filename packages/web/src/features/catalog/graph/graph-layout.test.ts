import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { layoutGraph, layoutOptions, NODE_HEIGHT, NODE_SPACING, NODE_WIDTH, RANK_SPACING, usesTreeLayout } from './graph-layout';

const elk = new ELK();

describe('relationship graph layout (ELK)', () => {
  const input = {
    nodes: [{ id: 'r' }, { id: 'a' }, { id: 'b' }],
    edges: [
      { id: 'r->a', source: 'r', target: 'a' },
      { id: 'r->b', source: 'r', target: 'b' },
    ],
  };

  it('places children one rank to the right with the rank spacing (left to right)', async () => {
    const { positions } = await layoutGraph(elk, { ...input, direction: 'LR' });
    expect(positions.a!.x - positions.r!.x).toBe(NODE_WIDTH + RANK_SPACING);
    expect(positions.b!.x).toBe(positions.a!.x);
    expect(Math.abs(positions.b!.y - positions.a!.y)).toBe(NODE_HEIGHT + NODE_SPACING);
  });

  it('places children one rank below (top to bottom)', async () => {
    const { positions } = await layoutGraph(elk, { ...input, direction: 'TB' });
    expect(positions.a!.y - positions.r!.y).toBe(NODE_HEIGHT + RANK_SPACING);
    expect(Math.abs(positions.b!.x - positions.a!.x)).toBe(NODE_WIDTH + NODE_SPACING);
  });

  it('routes splines up to 100 nodes, polylines above, and leaves graphs over 300 nodes to the tree layout', () => {
    expect(layoutOptions('LR', 100)['elk.edgeRouting']).toBe('SPLINES');
    expect(layoutOptions('LR', 101)['elk.edgeRouting']).toBe('POLYLINE');
    expect([usesTreeLayout(300), usesTreeLayout(301)]).toEqual([false, true]);
  });
});
