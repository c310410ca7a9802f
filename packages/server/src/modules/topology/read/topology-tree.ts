// GET /api/canary/api/topology: the asked component with its subtree, or every root, as the
// dashboard's cards; two statements at most (the component's look-up, then its scope).
import type { TopologyTreeQuery } from '@ops/shared';
import type { Db } from '../../../db/pool.js';
import { notFound } from '../../../http/errors.js';
import { buildTree } from './tree-build.js';
import { findSubtreeRoot, scopeRows } from './tree.repository.js';

/**
 * Levels of children nested under each card when the caller names no depth: a card lists its children,
 * and their own counts come from their summaries, so deeper levels would only add weight to the page.
 */
export const DEFAULT_TREE_DEPTH = 1;

/** The tree for one query as JSON text (a TopologyTreeResponse); 404 'Component not found' for an unknown or deleted id. */
export async function topologyTree(db: Db, query: TopologyTreeQuery): Promise<string> {
  const root = query.id ? await findSubtreeRoot(db, query.id) : undefined;
  if (query.id && !root) throw notFound('Component not found');
  const base = root?.depth ?? 0;
  const levels = query.depth ?? DEFAULT_TREE_DEPTH;
  const rows = await scopeRows(db, {
    root,
    // Flattened lists are for pickers and search: every level. The cards are the root's children (depth+1).
    maxDepth: query.flatten ? undefined : base + levels + (root ? 1 : 0),
    agentId: query.agent_id,
    dropHidden: query.hidden === false,
    filteredDepth: query.flatten ? undefined : root ? base + 1 : 0,
  });
  return buildTree(rows, query, root?.id);
}
