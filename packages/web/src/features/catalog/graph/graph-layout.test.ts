import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { layoutGraph, NODE_HEIGHT, NODE_SPACING, NODE_WIDTH, RANK_SPACING } from './graph-layout';

const elk = new ELK();

describe('relationship graph layout (ELK)', () => {
  const input = {
    nodes: [{ id: 'r' }, { id: 'a' }, { id: 'b' }],
    edges: [
      { id: 'r->a', source: 'r', target: 'a' },
      { id: 'r->b', source: 'r', target: 'b' },
    ],
  };

  it('places children one rank to the right with the spec spacing (left to right)', async () => {
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

  it('lays out a large tree with the fast options, without overlaps', { timeout: 60_000 }, async () => {
    const nodes = Array.from({ length: 320 }, (_, i) => ({ id: `n${i}` }));
    const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: `n${Math.floor(i / 4)}`, target: n.id }));
    const { positions } = await layoutGraph(elk, { nodes, edges, direction: 'LR' });
    const seen = new Set(Object.values(positions).map((p) => `${p.x},${p.y}`));
    expect(seen.size).toBe(320);
  });
});
