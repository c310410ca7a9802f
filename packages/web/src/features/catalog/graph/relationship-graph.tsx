import { Background, Controls, Position, ReactFlow, ReactFlowProvider, useReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ErrorState } from '../../../components/ui';
import { EXPAND_ANIMATION_MS, interpolate, startPositions, type Positions } from './animate-positions';
import { LARGE_GRAPH_NODES, NODE_HEIGHT, NODE_WIDTH, type LayoutDirection } from './graph-layout';
import { buildGraphModel, type GraphItem, type GraphNode, type GraphRoot } from './graph-model';
import { ConfigNode, GroupNode } from './graph-nodes';
import { useLayoutWorker } from './use-layout-worker';

export type EdgeStyle = 'bezier' | 'smoothstep';

export interface RelationshipGraphProps {
  root: GraphRoot;
  items: readonly GraphItem[];
  direction: LayoutDirection;
  edgeStyle: EdgeStyle;
  /** Groups whose expansion differs from their default (kept in the URL by the caller). */
  toggled: ReadonlySet<string>;
  onToggle: (groupId: string) => void;
}

// Not 'group': React Flow styles its own built-in group nodes under that name.
const NODE_TYPES = { configNode: ConfigNode, groupNode: GroupNode };

/**
 * Every node has a fixed size and known handle spots, given up front: React Flow then never renders
 * off-screen nodes just to measure them (2,000 nodes would all render once), nor hides nodes until measured.
 */
const MEASURED = { width: NODE_WIDTH, height: NODE_HEIGHT };
const FIXED: Record<LayoutDirection, Pick<Node, 'width' | 'height' | 'measured' | 'draggable' | 'handles'>> = {
  LR: {
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    measured: MEASURED,
    draggable: false,
    handles: [
      { type: 'target', position: Position.Left, x: 0, y: NODE_HEIGHT / 2 },
      { type: 'source', position: Position.Right, x: NODE_WIDTH, y: NODE_HEIGHT / 2 },
    ],
  },
  TB: {
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    measured: MEASURED,
    draggable: false,
    handles: [
      { type: 'target', position: Position.Top, x: NODE_WIDTH / 2, y: 0 },
      { type: 'source', position: Position.Bottom, x: NODE_WIDTH / 2, y: NODE_HEIGHT },
    ],
  },
};

function toFlowNode(node: GraphNode, position: { x: number; y: number }, direction: LayoutDirection, onToggle: (id: string) => void): Node {
  const fixed = FIXED[direction];
  if (node.kind === 'config')
    return { id: node.id, type: 'configNode', position, data: { item: node.item, root: node.root, direction }, ...fixed };
  return {
    id: node.id,
    type: 'groupNode',
    position,
    ...fixed,
    data: { type: node.type, count: node.count, expanded: node.expanded, direction, onToggle: () => onToggle(node.id) },
  };
}

function Graph({ root, items, direction, edgeStyle, toggled, onToggle }: RelationshipGraphProps) {
  const model = useMemo(() => buildGraphModel(root, items, toggled), [root, items, toggled]);
  const layout = useLayoutWorker();
  const flow = useReactFlow();
  const [positions, setPositions] = useState<Positions | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [layoutMs, setLayoutMs] = useState<number | null>(null);
  const shown = useRef<Positions>({});
  const lastDirection = useRef(direction);
  // Fit the view after a fresh layout or an expansion, once React has committed the nodes (next frame).
  // Large graphs stop at the minimum zoom, centred on the graph.
  const [fitRequest, setFitRequest] = useState(0);
  useEffect(() => {
    if (fitRequest === 0) return;
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: 0.1, duration: 0 }));
    return () => cancelAnimationFrame(frame);
  }, [fitRequest, flow]);

  // How long a fresh layout took to reach the screen (model, worker, React Flow commit): `data-render-ms`.
  const requestedAt = useRef<number | null>(null);
  const [renderMs, setRenderMs] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!positions || requestedAt.current === null) return;
    const since = requestedAt.current;
    requestedAt.current = null;
    const frame = requestAnimationFrame(() => setRenderMs(performance.now() - since));
    return () => cancelAnimationFrame(frame);
  }, [positions]);

  useEffect(() => {
    let cancelled = false;
    let frame = 0;
    const started = performance.now();
    requestedAt.current = started;
    const input = { nodes: model.nodes.map((n) => ({ id: n.id })), edges: model.edges, direction };
    layout(input)
      .then((result) => {
        if (cancelled) return;
        setLayoutMs(performance.now() - started);
        const parentOf = new Map(model.edges.map((e) => [e.target, e.source]));
        const from = startPositions(shown.current, result.positions, (id) => parentOf.get(id));
        // Animate expansion changes of small graphs; a first layout, a new direction or a big graph jumps.
        const animate =
          Object.keys(shown.current).length > 0 && lastDirection.current === direction && model.nodes.length <= LARGE_GRAPH_NODES;
        lastDirection.current = direction;
        if (!animate) {
          shown.current = result.positions;
          setPositions(result.positions);
          setFitRequest((n) => n + 1);
          return;
        }
        const t0 = performance.now();
        const step = () => {
          const progress = (performance.now() - t0) / EXPAND_ANIMATION_MS;
          const next = interpolate(from, result.positions, progress);
          shown.current = next;
          setPositions(next);
          if (progress < 1 && !cancelled) frame = requestAnimationFrame(step);
          else setFitRequest((n) => n + 1);
        };
        frame = requestAnimationFrame(step);
      })
      .catch((err: Error) => !cancelled && setError(err));
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [model, direction, layout]);

  const nodes = useMemo(
    () => (positions ? model.nodes.filter((n) => positions[n.id]).map((n) => toFlowNode(n, positions[n.id]!, direction, onToggle)) : []),
    [model, positions, direction, onToggle],
  );
  const edges: Edge[] = useMemo(
    () => model.edges.map((e) => ({ ...e, type: edgeStyle === 'smoothstep' ? 'smoothstep' : 'default', focusable: false })),
    [model, edgeStyle],
  );

  if (error) return <ErrorState error={error} />;
  return (
    <div
      className="relative min-h-96 flex-1 rounded-lg border bg-card"
      role="figure"
      aria-label="Relationship graph"
      data-node-count={model.nodes.length}
      data-layout-ms={layoutMs === null ? undefined : Math.round(layoutMs)}
      data-laid-out={positions ? 'true' : 'false'}
      data-render-ms={renderMs === null ? undefined : Math.round(renderMs)}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        onlyRenderVisibleElements={model.nodes.length > 200}
        minZoom={0.05}
        fitView
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

/** The relationship graph (lazy-loaded: React Flow and ELK never enter the shell's first load). */
export default function RelationshipGraph(props: RelationshipGraphProps) {
  return (
    <ReactFlowProvider>
      <Graph {...props} />
    </ReactFlowProvider>
  );
}
