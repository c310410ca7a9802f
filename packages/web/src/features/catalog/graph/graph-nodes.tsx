import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { ChangesCount } from '../components/count-cells';
import { ConfigTypeLabel } from '../components/config-type';
import { HealthBadge } from '../components/health-badge';
import { shortType } from '../lib/catalog-format';
import type { GraphItem } from './graph-model';
import { NODE_HEIGHT, NODE_WIDTH, type LayoutDirection } from './graph-layout';

export type ConfigNodeData = { item: GraphItem; root: boolean; direction: LayoutDirection };
export type GroupNodeData = { type: string; count: number; expanded: boolean; direction: LayoutDirection; onToggle: () => void };
export type ConfigFlowNode = Node<ConfigNodeData, 'configNode'>;
export type GroupFlowNode = Node<GroupNodeData, 'groupNode'>;

function Handles({ direction }: { direction: LayoutDirection }) {
  const lr = direction === 'LR';
  return (
    <>
      <Handle type="target" position={lr ? Position.Left : Position.Top} isConnectable={false} className="!opacity-0" />
      <Handle type="source" position={lr ? Position.Right : Position.Bottom} isConnectable={false} className="!opacity-0" />
    </>
  );
}

/** A config item in the graph (400x100): name linking to its page, type, health and changes. */
function ConfigNodeView({ data }: NodeProps<ConfigFlowNode>) {
  const { item, root } = data;
  return (
    <div
      className={cn(
        'flex flex-col justify-center gap-1 rounded-lg border bg-card px-3 shadow-sm',
        root && 'border-primary ring-2 ring-primary/30',
        item.deleted_at && 'opacity-60',
      )}
      style={{ width: NODE_WIDTH, height: NODE_HEIGHT }}
      data-testid="graph-config-node"
      data-config-id={item.id}
    >
      <Handles direction={data.direction} />
      <Link to={`/catalog/${item.id}`} className="nodrag truncate text-sm font-semibold hover:underline" title={item.name ?? item.id}>
        {item.name ?? item.id}
      </Link>
      <div className="flex items-center justify-between gap-2 text-xs">
        <ConfigTypeLabel type={item.type} className="text-muted-foreground" />
        <span className="flex shrink-0 items-center gap-2">
          <ChangesCount count={item.changes} />
          <HealthBadge health={item.health} status={item.status} />
        </span>
      </div>
    </div>
  );
}

/** An intermediary node for 3 or more items of one type; a click expands or collapses it. */
function GroupNodeView({ data }: NodeProps<GroupFlowNode>) {
  const Icon = data.expanded ? ChevronDown : ChevronRight;
  const label = `${data.count} ${shortType(data.type)}`;
  return (
    <button
      type="button"
      onClick={data.onToggle}
      aria-expanded={data.expanded}
      aria-label={`${data.expanded ? 'Collapse' : 'Expand'} ${label}`}
      className="nodrag flex items-center gap-3 rounded-lg border border-dashed bg-muted/60 px-4 text-left shadow-sm hover:bg-accent"
      style={{ width: NODE_WIDTH, height: NODE_HEIGHT }}
      data-testid="graph-group-node"
    >
      <Handles direction={data.direction} />
      <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <span className="flex min-w-0 flex-col">
        <span className="text-lg font-semibold tabular-nums">{data.count}</span>
        <ConfigTypeLabel type={data.type} className="text-sm text-muted-foreground" />
      </span>
    </button>
  );
}

/** Memoised: React Flow re-renders a node only when its data or position changes. */
export const ConfigNode = memo(ConfigNodeView);
export const GroupNode = memo(GroupNodeView);
