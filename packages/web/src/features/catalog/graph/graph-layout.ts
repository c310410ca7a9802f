import type { ELK, ElkNode } from 'elkjs/lib/elk-api';

/** Node size and spacing of the relationship graph: 400x100, rank spacing 120, node spacing 100. */
export const NODE_WIDTH = 400;
export const NODE_HEIGHT = 100;
export const RANK_SPACING = 120;
export const NODE_SPACING = 100;

/**
 * Graphs up to this many nodes are laid out by ELK (layered); larger ones by the linear-time tree layout
 * (tree-layout.ts), because ELK's layered algorithm takes seconds at 2,000 nodes.
 */
export const LARGE_GRAPH_NODES = 300;
/**
 * Graphs up to this many nodes are laid out on the page itself by the tree layout (well under a millisecond):
 * ELK's worker needs about a second to load its 1.5 MB of code, which a graph of a few items would wait for.
 */
export const SMALL_GRAPH_NODES = 50;
/** Spline routing centres parents on their children but costs more; above this many nodes, polylines. */
const SPLINE_ROUTING_MAX_NODES = 100;

export type LayoutDirection = 'LR' | 'TB';

export interface LayoutInput {
  nodes: { id: string }[];
  edges: { id: string; source: string; target: string }[];
  direction: LayoutDirection;
}

export interface LayoutResult {
  positions: Record<string, { x: number; y: number }>;
  /** Time spent laying out, in ms. */
  ms: number;
}

/** Which layout a graph of this size gets: the tree layout on the page, ELK in a worker, or the tree layout in a worker. */
export function layoutKind(nodeCount: number): 'inline' | 'elk' | 'tree' {
  if (nodeCount <= SMALL_GRAPH_NODES) return 'inline';
  return nodeCount > LARGE_GRAPH_NODES ? 'tree' : 'elk';
}

/** ELK layered options with the direction and spacing above; the input order breaks ties, so re-layouts move little. */
export function layoutOptions(direction: LayoutDirection, nodeCount: number): Record<string, string> {
  return {
    'elk.algorithm': 'layered',
    'elk.direction': direction === 'LR' ? 'RIGHT' : 'DOWN',
    'elk.layered.spacing.nodeNodeBetweenLayers': String(RANK_SPACING),
    'elk.spacing.nodeNode': String(NODE_SPACING),
    'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    // React Flow draws the edges (bezier or smoothstep); ELK's routing only shapes the spacing.
    'elk.edgeRouting': nodeCount <= SPLINE_ROUTING_MAX_NODES ? 'SPLINES' : 'POLYLINE',
  };
}

/** Lays the graph out with ELK and returns each node's top-left position. */
export async function layoutGraph(elk: ELK, input: LayoutInput): Promise<LayoutResult> {
  const started = performance.now();
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: layoutOptions(input.direction, input.nodes.length),
    children: input.nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: input.edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  };
  const laid = await elk.layout(graph);
  const positions: LayoutResult['positions'] = {};
  for (const child of laid.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return { positions, ms: performance.now() - started };
}
