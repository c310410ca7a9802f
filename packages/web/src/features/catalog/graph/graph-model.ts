import type { RelatedConfigRow } from '@ops/shared';

/** The item a relationship graph starts from (drawn as the root). */
export interface GraphRoot {
  id: string;
  name: string | null;
  type: string;
  status: string | null;
  health: string | null;
  changes: number;
  deleted_at: string | null;
  tags: Record<string, string>;
}

/** Groups of this many or more related items of one type go under an intermediary node. */
export const GROUP_MIN_SIZE = 3;
/** Intermediary nodes with at most this many children start expanded. */
export const GROUP_EXPANDED_MAX = 3;

export type GraphItem = GraphRoot & Partial<Pick<RelatedConfigRow, 'direction' | 'relation' | 'depth' | 'related_ids'>>;

export type GraphNode =
  | { kind: 'config'; id: string; item: GraphItem; root: boolean }
  | { kind: 'group'; id: string; type: string; count: number; expanded: boolean; parentId: string; direction: 'incoming' | 'outgoing' };

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

export interface GraphModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The id of the intermediary node for `type` items under `parentId`. */
export function groupId(parentId: string, type: string, direction: 'incoming' | 'outgoing'): string {
  return `group:${direction}:${parentId}:${type}`;
}

interface Walk {
  /** Walk children of each node: the items reached from it (their related_ids hold it). */
  children: Map<string, string[]>;
  direction: Map<string, 'incoming' | 'outgoing'>;
}

/** Who reached whom: an item's related_ids are the items it was reached from; unknown ones mean the root. */
function walkTree(root: GraphRoot, items: readonly GraphItem[]): Walk {
  const ids = new Set([root.id, ...items.map((i) => i.id)]);
  const children = new Map<string, string[]>();
  const direction = new Map<string, 'incoming' | 'outgoing'>();
  const add = (parent: string, child: string) => {
    const list = children.get(parent);
    if (!list) children.set(parent, [child]);
    else if (!list.includes(child)) list.push(child);
  };
  for (const item of items) {
    if (item.id === root.id) continue;
    direction.set(item.id, item.direction ?? 'outgoing');
    const from = (item.related_ids ?? []).filter((r) => r !== item.id && ids.has(r));
    if (from.length === 0) add(root.id, item.id);
    for (const parent of from) add(parent, item.id);
  }
  return { children, direction };
}

/**
 * The visible graph: the root, related items, and intermediary nodes for 3 or more items of one type reached
 * from the same item. Groups of at most 3 start expanded; `toggled` holds groups flipped by a click. Items
 * reachable only through collapsed groups are hidden. Edges point from parents to children, so incoming
 * (upstream) items sit before the root and outgoing ones after it.
 */
export function buildGraphModel(root: GraphRoot, items: readonly GraphItem[], toggled: ReadonlySet<string>): GraphModel {
  const byId = new Map<string, GraphItem>([[root.id, root], ...items.map((i) => [i.id, i] as const)]);
  const walk = walkTree(root, items);
  const nodes: GraphNode[] = [{ kind: 'config', id: root.id, item: root, root: true }];
  const edges = new Map<string, GraphEdge>();
  const seen = new Set([root.id]);
  const link = (from: string, to: string, dir: 'incoming' | 'outgoing') => {
    const [source, target] = dir === 'incoming' ? [to, from] : [from, to];
    const id = `${source}->${target}`;
    if (!edges.has(id)) edges.set(id, { id, source, target });
  };
  const queue = [root.id];
  for (let head = 0; head < queue.length; head++) {
    const parent = queue[head]!;
    const kids = walk.children.get(parent) ?? [];
    const byType = new Map<string, string[]>();
    for (const kid of kids) {
      const item = byId.get(kid)!;
      const key = `${walk.direction.get(kid)}|${item.type}`;
      const list = byType.get(key);
      if (list) list.push(kid);
      else byType.set(key, [kid]);
    }
    for (const [key, members] of byType) {
      const [dir, type] = key.split(/\|(.*)/s) as ['incoming' | 'outgoing', string];
      let via = parent;
      let open = true;
      if (members.length >= GROUP_MIN_SIZE) {
        const id = groupId(parent, type, dir);
        const defaultOpen = members.length <= GROUP_EXPANDED_MAX;
        open = toggled.has(id) ? !defaultOpen : defaultOpen;
        nodes.push({ kind: 'group', id, type, count: members.length, expanded: open, parentId: parent, direction: dir });
        link(parent, id, dir);
        via = id;
      }
      if (!open) continue;
      for (const kid of members) {
        link(via, kid, dir);
        if (seen.has(kid)) continue;
        seen.add(kid);
        nodes.push({ kind: 'config', id: kid, item: byId.get(kid)!, root: false });
        queue.push(kid);
      }
    }
  }
  return { nodes, edges: [...edges.values()] };
}
