import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { layoutGraph, layoutOptions, NODE_HEIGHT, NODE_SPACING, NODE_WIDTH, RANK_SPACING, layoutKind } from './graph-layout';

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

  it('routes splines up to 100 nodes, polylines above', () => {
    expect(layoutOptions('LR', 100)['elk.edgeRouting']).toBe('SPLINES');
    expect(layoutOptions('LR', 101)['elk.edgeRouting']).toBe('POLYLINE');
  });

  it('lays out up to 50 nodes on the page, up to 300 with ELK, larger graphs with the tree layout in a worker', () => {
    expect([1, 50, 51, 300, 301, 2001].map(layoutKind)).toEqual(['inline', 'inline', 'elk', 'elk', 'tree', 'tree']);
  });
});
