// Storing a run's tree: produced components are matched to the topology's live rows (by external id,
// else by parent, type and name), so ids, links and history survive runs; new ones get fresh ids. All
// rows are written in one statement. Rows the run no longer produced are soft-deleted only when asked
// (a run that succeeded wholly).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ProducedComponent } from './build-tree.js';

/** A produced component with its row id, parent id, path and depth. */
export interface PlacedComponent {
  id: string;
  parentId: string | null;
  path: string;
  depth: number;
  component: ProducedComponent;
}

interface ExistingRow {
  id: string;
  parent_id: string | null;
  type: string | null;
  name: string;
  external_id: string | null;
}

/** Matches the tree to stored rows (top-down: a child is matched under its parent's id). */
export async function placeComponents(db: Kysely<Database>, topologyId: string, root: ProducedComponent): Promise<PlacedComponent[]> {
  const { rows } = await sql<ExistingRow>`
    SELECT id, parent_id, type, name, external_id FROM components
    WHERE topology_id = ${topologyId} AND deleted_at IS NULL ORDER BY created_at, id`.execute(db);
  const used = new Set<string>();
  const byExternal = new Map<string, ExistingRow[]>();
  const byPlace = new Map<string, ExistingRow[]>();
  const push = (m: Map<string, ExistingRow[]>, k: string, r: ExistingRow) => m.set(k, [...(m.get(k) ?? []), r]);
  for (const r of rows) {
    if (r.external_id) push(byExternal, r.external_id, r);
    push(byPlace, placeKey(r.parent_id, r.type ?? undefined, r.name), r);
  }
  const take = (candidates: ExistingRow[] | undefined) => candidates?.find((r) => !used.has(r.id));
  const out: PlacedComponent[] = [];
  const visit = (c: ProducedComponent, parent: PlacedComponent | undefined): void => {
    const parentId = parent?.id ?? null;
    const hit = (c.externalId ? take(byExternal.get(c.externalId)) : undefined) ?? take(byPlace.get(placeKey(parentId, c.type, c.name)));
    if (hit) used.add(hit.id);
    const placed: PlacedComponent = {
      id: hit?.id ?? randomUUID(),
      parentId,
      path: parent ? (parent.path ? `${parent.path}.${parent.id}` : parent.id) : '',
      depth: parent ? parent.depth + 1 : 0,
      component: c,
    };
    out.push(placed);
    for (const child of c.children) visit(child, placed);
  };
  visit(root, undefined);
  return out;
}

const placeKey = (parentId: string | null, type: string | undefined, name: string) => `${parentId ?? ''}\u0000${type ?? ''}\u0000${name}`;

/** Inserts new components and updates matched ones (one statement); answers how many rows changed. */
export async function upsertComponents(
  db: Kysely<Database>,
  topologyId: string,
  agentId: string,
  placed: PlacedComponent[],
): Promise<number> {
  if (placed.length === 0) return 0;
  const records = placed.map(({ id, parentId, path, depth, component: c }) => ({
    id,
    parent_id: parentId,
    path,
    depth,
    external_id: c.externalId ?? null,
    name: c.name,
    text: c.text ?? null,
    description: c.description ?? null,
    type: c.type ?? null,
    icon: c.icon ?? null,
    namespace: c.namespace,
    owner: c.owner ?? null,
    tooltip: c.tooltip ?? null,
    lifecycle: c.lifecycle ?? null,
    labels: c.labels,
    hidden: c.hidden,
    own_status: c.ownStatus ?? null,
    own_health: c.ownHealth ?? null,
    status_reason: c.statusReason ?? null,
    properties: c.properties,
    log_selectors: c.logs,
    configs: c.configs,
    selectors: c.checks,
  }));
  const res = await sql`
    INSERT INTO components AS c (id, topology_id, agent_id, parent_id, path, depth, external_id, name, text, description, type, icon,
      namespace, owner, tooltip, lifecycle, labels, hidden, own_status, own_health, status_reason, properties, log_selectors, configs, selectors)
    SELECT x.id, ${topologyId}::uuid, ${agentId}::uuid, x.parent_id, x.path, x.depth, x.external_id, x.name, x.text, x.description, x.type,
      x.icon, x.namespace, x.owner, x.tooltip, x.lifecycle, x.labels, x.hidden, x.own_status, x.own_health, x.status_reason,
      x.properties, x.log_selectors, x.configs, x.selectors
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(id uuid, parent_id uuid, path text, depth integer, external_id text,
      name text, text text, description text, type text, icon text, namespace text, owner text, tooltip text, lifecycle text,
      labels jsonb, hidden boolean, own_status text, own_health text, status_reason text, properties jsonb, log_selectors jsonb,
      configs jsonb, selectors jsonb)
    ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, path = excluded.path, depth = excluded.depth,
      external_id = excluded.external_id, name = excluded.name, text = excluded.text, description = excluded.description,
      type = excluded.type, icon = excluded.icon, namespace = excluded.namespace, owner = excluded.owner, tooltip = excluded.tooltip,
      lifecycle = excluded.lifecycle, labels = excluded.labels, hidden = excluded.hidden, own_status = excluded.own_status,
      own_health = excluded.own_health, status_reason = excluded.status_reason, properties = excluded.properties,
      log_selectors = excluded.log_selectors, configs = excluded.configs, selectors = excluded.selectors, updated_at = now()
    WHERE (c.parent_id, c.path, c.depth, c.external_id, c.name, c.text, c.description, c.type, c.icon, c.namespace, c.owner, c.tooltip,
           c.lifecycle, c.labels, c.hidden, c.own_status, c.own_health, c.status_reason, c.properties, c.log_selectors, c.configs, c.selectors)
      IS DISTINCT FROM
          (excluded.parent_id, excluded.path, excluded.depth, excluded.external_id, excluded.name, excluded.text, excluded.description,
           excluded.type, excluded.icon, excluded.namespace, excluded.owner, excluded.tooltip, excluded.lifecycle, excluded.labels,
           excluded.hidden, excluded.own_status, excluded.own_health, excluded.status_reason, excluded.properties, excluded.log_selectors,
           excluded.configs, excluded.selectors)`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Soft-deletes the topology's live components not in `keep`; answers how many. */
export async function softDeleteOthers(db: Kysely<Database>, topologyId: string, keep: string[]): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    UPDATE components SET deleted_at = now(), updated_at = now()
    WHERE topology_id = ${topologyId} AND deleted_at IS NULL AND NOT (id = ANY(${keep}::uuid[]))
    RETURNING id`.execute(db);
  if (rows.length === 0) return 0;
  // Their links go too, except those made by hand.
  const ids = rows.map((r) => r.id);
  await sql`UPDATE check_component_relationships SET deleted_at = now(), updated_at = now()
            WHERE component_id = ANY(${ids}::uuid[]) AND deleted_at IS NULL AND selector_id <> 'manual'`.execute(db);
  await sql`UPDATE config_component_relationships SET deleted_at = now()
            WHERE component_id = ANY(${ids}::uuid[]) AND deleted_at IS NULL AND selector_id <> 'manual'`.execute(db);
  return rows.length;
}

/** Recomputes summaries, status and health of the topology's components (bottom-up). */
export async function rollUp(db: Kysely<Database>, topologyIds: string[]): Promise<void> {
  await sql`SELECT components_rollup(${topologyIds}::uuid[])`.execute(db);
}
