import { NODE_HEIGHT, NODE_SPACING, NODE_WIDTH, RANK_SPACING, type LayoutInput, type LayoutResult } from './graph-layout';

/**
 * A linear-time layered layout for large relationship graphs (ELK's layered algorithm needs seconds at
 * 2,000 nodes). Ranks are longest paths along the edges, so upstream items sit before the root and
 * downstream ones after it; across ranks, the leaves of the breadth-first tree from the first node take
 * consecutive slots and every parent is centred on its children. Same node size and spacing as ELK.
 */
export function treeLayout(input: LayoutInput): LayoutResult {
  const started = performance.now();
  const ids = input.nodes.map((n) => n.id);
  const index = new Map(ids.map((id, i) => [id, i] as const));
  const n = ids.length;
  const outs: number[][] = Array.from({ length: n }, () => []);
  const ins: number[][] = Array.from({ length: n }, () => []);
  for (const e of input.edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined || s === t) continue;
    outs[s]!.push(t);
    ins[t]!.push(s);
  }

  // Longest-path ranks (Kahn's order); nodes caught in a cycle go one rank after their ranked parents.
  const rank = new Array<number>(n).fill(0);
  const pending = ins.map((list) => list.length);
  const queue: number[] = [];
  pending.forEach((p, i) => p === 0 && queue.push(i));
  const done = new Array<boolean>(n).fill(false);
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    done[v] = true;
    for (const t of outs[v]!) {
      rank[t] = Math.max(rank[t]!, rank[v]! + 1);
      if (--pending[t]! === 0) queue.push(t);
    }
  }
  for (let v = 0; v < n; v++) if (!done[v]) rank[v] = Math.max(0, ...ins[v]!.filter((s) => done[s]).map((s) => rank[s]! + 1));

  // Breadth-first tree over both edge directions from the first node (the root), then every other component.
  const parent = new Array<number>(n).fill(-1);
  const children: number[][] = Array.from({ length: n }, () => []);
  const seen = new Array<boolean>(n).fill(false);
  const roots: number[] = [];
  for (let start = 0; start < n; start++) {
    if (seen[start]) continue;
    roots.push(start);
    seen[start] = true;
    const bfs = [start];
    for (let head = 0; head < bfs.length; head++) {
      const v = bfs[head]!;
      for (const w of [...ins[v]!, ...outs[v]!]) {
        if (seen[w]) continue;
        seen[w] = true;
        parent[w] = v;
        children[v]!.push(w);
        bfs.push(w);
      }
    }
  }

  // Slots: leaves in depth-first order get consecutive slots, parents the middle of their children's.
  const slot = new Array<number>(n).fill(0);
  let next = 0;
  const stack: [number, boolean][] = roots.reverse().map((r) => [r, false]);
  while (stack.length) {
    const [v, expanded] = stack.pop()!;
    if (expanded) {
      const kids = children[v]!;
      slot[v] = kids.length ? (slot[kids[0]!]! + slot[kids.at(-1)!]!) / 2 : next++;
      continue;
    }
    stack.push([v, true]);
    for (let i = children[v]!.length - 1; i >= 0; i--) stack.push([children[v]![i]!, false]);
  }

  // No two nodes of a rank may share a slot (cycles and cross links can bend the tree): push apart.
  const byRank = new Map<number, number[]>();
  for (let v = 0; v < n; v++) {
    const members = byRank.get(rank[v]!);
    if (members) members.push(v);
    else byRank.set(rank[v]!, [v]);
  }
  for (const members of byRank.values()) {
    members.sort((a, b) => slot[a]! - slot[b]!);
    for (let i = 1; i < members.length; i++) slot[members[i]!] = Math.max(slot[members[i]!]!, slot[members[i - 1]!]! + 1);
  }

  const lr = input.direction === 'LR';
  const rankStep = (lr ? NODE_WIDTH : NODE_HEIGHT) + RANK_SPACING;
  const slotStep = (lr ? NODE_HEIGHT : NODE_WIDTH) + NODE_SPACING;
  const positions: LayoutResult['positions'] = {};
  for (let v = 0; v < n; v++) {
    const along = rank[v]! * rankStep;
    const across = slot[v]! * slotStep;
    positions[ids[v]!] = lr ? { x: along, y: across } : { x: across, y: along };
  }
  return { positions, ms: performance.now() - started };
}
