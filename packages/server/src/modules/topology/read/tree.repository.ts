// The rows behind GET /api/canary/api/topology: one look-up of the asked component, then one scan of the
// scope (every live component, or the component's subtree by its `path` prefix) down to the asked depth.
// Summaries come from the `summary` column the roll-up keeps current; nothing is recomputed here.
import { sql } from 'kysely';
import type { Db } from '../../../db/pool.js';

/**
 * A component as the tree query reads it: the few fields that nest, sort and filter it, and its wire JSON
 * rendered by PostgreSQL, so thousands of rows are never parsed and re-serialised here.
 */
export interface ComponentRow {
  id: string;
  parent_id: string | null;
  depth: number;
  name: string;
  type: string | null;
  health: string;
  created_ms: number;
  updated_ms: number;
  /** Labels and owning teams; read only for the rows the filters act on (null elsewhere). */
  labels: Record<string, string> | null;
  teams: Array<{ id: string; name: string }> | null;
  /** The component's wire object (TopologyComponent without `components`) as JSON text. */
  json: string;
}

/** Where a subtree starts: the asked component's id, path and depth. */
export interface SubtreeRoot {
  id: string;
  path: string;
  depth: number;
}

/** The live component with this id, or undefined. */
export async function findSubtreeRoot(db: Db, id: string): Promise<SubtreeRoot | undefined> {
  const res = await sql<SubtreeRoot>`
    SELECT id, path, depth FROM components WHERE id = ${id} AND deleted_at IS NULL`.execute(db.kysely);
  return res.rows[0];
}

export interface ScopeQuery {
  /** The subtree's root; absent: every live component. */
  root?: SubtreeRoot;
  /** Deepest `depth` read (absolute); absent: no bound. */
  maxDepth?: number;
  /** Only components of this agent (the root itself is always read). */
  agentId?: string;
  /** Leave hidden components out (the root itself is always read). */
  dropHidden: boolean;
  /** The rows the filters act on, whose labels and teams are read: those at this depth, or every row when undefined. */
  filteredDepth?: number;
}

/** The components of the scope, with their teams where asked; one statement. */
export async function scopeRows(db: Db, q: ScopeQuery): Promise<ComponentRow[]> {
  const root = q.root;
  // Descendants carry the root's path plus its id as their path prefix (dot-joined ids).
  const prefix = root ? (root.path ? `${root.path}.${root.id}` : root.id) : undefined;
  const scope = root && prefix ? sql`AND (c.id = ${root.id} OR c.path = ${prefix} OR c.path LIKE ${`${prefix}.%`})` : sql``;
  const depth = q.maxDepth === undefined ? sql`` : sql`AND c.depth <= ${q.maxDepth}`;
  const keepRoot = root ? sql`c.id = ${root.id} OR` : sql``;
  const agent = q.agentId ? sql`AND (${keepRoot} c.agent_id = ${q.agentId})` : sql``;
  const hidden = q.dropHidden ? sql`AND (${keepRoot} NOT c.hidden)` : sql``;
  const filtered = q.filteredDepth === undefined ? sql`true` : sql`c.depth = ${q.filteredDepth}`;
  const res = await sql<ComponentRow>`
    SELECT c.id, c.parent_id, c.depth, c.name, c.type, c.health,
           extract(epoch FROM c.created_at) * 1000 AS created_ms, extract(epoch FROM c.updated_at) * 1000 AS updated_ms,
           CASE WHEN ${filtered} THEN c.labels END AS labels,
           CASE WHEN ${filtered} THEN (
             SELECT jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name) ORDER BY t.name)
             FROM team_components tc JOIN teams t ON t.id = tc.team_id
             WHERE tc.component_id = c.id AND t.deleted_at IS NULL
           ) END AS teams,
           (SELECT row_to_json(w) FROM (
              SELECT c.id, c.name, c.title, c.text, c.description, c.type, c.icon, c.path, c.parent_id, c.topology_id,
                     c.agent_id, c.external_id, c.namespace, c.owner, c.tooltip, c.hidden, c.status, c.health,
                     c.status_reason, c.labels, c.properties, c.summary, c.log_selectors AS logs, c.created_at,
                     c.updated_at, c.deleted_at
           ) w)::text AS json
    FROM components c
    WHERE c.deleted_at IS NULL ${scope} ${depth} ${agent} ${hidden}`.execute(db.kysely);
  return res.rows;
}
