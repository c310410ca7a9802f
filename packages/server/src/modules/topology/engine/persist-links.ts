// A run's links: checks to components (an inline canary's checks, and checks a selector matches) and
// catalogue items to components (by `configs` selectors). The links of the run's components follow the
// spec; links made by hand (selector_id 'manual') are never touched.
import { MANUAL_COMPONENT_LINK } from '@ops/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { lockSchedules } from '../../../scheduling/index.js';
import { CANARY_SCHEDULE_KIND, softDeleteCanary, syncCanary, upsertCanary } from '../../health/index.js';
import type { PlacedComponent } from './persist-components.js';
import { selectChecks, selectConfigIds, selectorId } from './selectors.js';

/** selector_id of the links of a component's inline canary checks. */
export const INLINE_CHECK_SELECTOR = 'inline';

/** The source of canaries a topology owns: `topology/<id>`. */
export const topologySource = (topologyId: string) => `topology/${topologyId}`;

export interface TopologyRef {
  id: string;
  name: string;
  namespace: string;
  schedule: string;
}

interface CheckLink {
  component_id: string;
  check_id: string;
  canary_id: string;
  selector_id: string;
}

/** Lock the schedule rows of the topology's canaries before their checks change (the result writer's order). */
export async function lockInlineCanaries(db: Kysely<Database>, topologyId: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM canaries WHERE source = ${topologySource(topologyId)} AND deleted_at IS NULL`.execute(db);
  await lockSchedules(
    db,
    CANARY_SCHEDULE_KIND,
    rows.map((r) => r.id),
  );
}

/**
 * Create or update the canary `<topology>-<component>` of each component with inline checks (owned by the
 * topology, run by the health engine on the topology's schedule unless the inline spec has its own);
 * with `removeStale`, canaries of components no longer produced are deleted. Answers the check links.
 */
export async function syncInlineCanaries(
  db: Kysely<Database>,
  topology: TopologyRef,
  placed: PlacedComponent[],
  opts: { timeoutMs: number; removeStale: boolean },
): Promise<CheckLink[]> {
  const links: CheckLink[] = [];
  const kept = new Set<string>();
  for (const p of placed) {
    const inline = p.component.checks.map((c) => c.inline).filter((s): s is Record<string, unknown> => !!s && typeof s === 'object');
    if (inline.length === 0) continue;
    const spec = mergeInline(inline);
    if (!spec.schedule && topology.schedule) spec.schedule = topology.schedule;
    const { id, action } = await upsertCanary(db, {
      name: `${topology.name}-${p.component.name}`,
      namespace: topology.namespace,
      spec,
      labels: { ...p.component.labels, 'topology-id': topology.id, 'component-id': p.id },
      source: topologySource(topology.id),
      createdBy: null,
    });
    if (action !== 'unchanged') await syncCanary(db, id, { now: new Date(), timeoutMs: opts.timeoutMs });
    kept.add(id);
    const { rows } = await sql<{ id: string }>`SELECT id FROM checks WHERE canary_id = ${id} AND deleted_at IS NULL`.execute(db);
    for (const r of rows) links.push({ component_id: p.id, check_id: r.id, canary_id: id, selector_id: INLINE_CHECK_SELECTOR });
  }
  if (opts.removeStale) {
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM canaries WHERE source = ${topologySource(topology.id)} AND deleted_at IS NULL`.execute(db);
    for (const r of rows) {
      if (kept.has(r.id)) continue;
      await softDeleteCanary(db, r.id);
      await syncCanary(db, r.id, { now: new Date(), timeoutMs: opts.timeoutMs });
    }
  }
  return links;
}

// Several inline entries of one component become one canary: their check lists are joined by type.
function mergeInline(specs: Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of specs) {
    for (const [k, v] of Object.entries(s)) {
      const prev = out[k];
      out[k] = Array.isArray(prev) && Array.isArray(v) ? [...(prev as unknown[]), ...(v as unknown[])] : v;
    }
  }
  return structuredClone(out);
}

/** Check links of the components' `checks[].selector` entries. */
export async function selectorCheckLinks(db: Kysely<Database>, placed: PlacedComponent[]): Promise<CheckLink[]> {
  const links: CheckLink[] = [];
  for (const p of placed) {
    for (const c of p.component.checks) {
      if (!c.selector || typeof c.selector !== 'object') continue;
      const sid = selectorId(c.selector);
      for (const k of await selectChecks(db, c.selector))
        links.push({ component_id: p.id, check_id: k.id, canary_id: k.canary_id, selector_id: sid });
    }
  }
  return links;
}

/** Make the check links of `componentIds` exactly `links` (manual links stay). */
export async function writeCheckLinks(db: Kysely<Database>, componentIds: string[], links: CheckLink[]): Promise<void> {
  const json = JSON.stringify(links);
  await sql`
    DELETE FROM check_component_relationships r
    WHERE r.component_id = ANY(${componentIds}::uuid[]) AND r.selector_id <> ${MANUAL_COMPONENT_LINK}
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${json}::jsonb) AS x(component_id uuid, check_id uuid, selector_id text)
                      WHERE x.component_id = r.component_id AND x.check_id = r.check_id AND x.selector_id = r.selector_id)`.execute(db);
  if (links.length === 0) return;
  await sql`
    INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id)
    SELECT DISTINCT x.component_id, x.check_id, x.canary_id, x.selector_id
    FROM jsonb_to_recordset(${json}::jsonb) AS x(component_id uuid, check_id uuid, canary_id uuid, selector_id text)
    ON CONFLICT (component_id, check_id, selector_id) DO UPDATE SET deleted_at = NULL, canary_id = excluded.canary_id, updated_at = now()
    WHERE check_component_relationships.deleted_at IS NOT NULL OR check_component_relationships.canary_id <> excluded.canary_id`.execute(
    db,
  );
}

/** Make the config links of `componentIds` follow their `configs` selectors (manual links stay). */
export async function writeConfigLinks(db: Kysely<Database>, placed: PlacedComponent[]): Promise<number> {
  const wanted = placed.flatMap((p) =>
    p.component.configs.filter((s) => s && typeof s === 'object').map((selector) => ({ componentId: p.id, selector })),
  );
  const matched = await selectConfigIds(
    db,
    wanted.map((w) => w.selector),
  );
  const links = wanted.flatMap((w, i) =>
    matched[i]!.map((configId) => ({ component_id: w.componentId, config_id: configId, selector_id: selectorId(w.selector) })),
  );
  const json = JSON.stringify(links);
  await sql`
    DELETE FROM config_component_relationships r
    WHERE r.component_id = ANY(${placed.map((p) => p.id)}::uuid[]) AND r.selector_id <> ${MANUAL_COMPONENT_LINK}
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset(${json}::jsonb) AS x(component_id uuid, config_id uuid, selector_id text)
                      WHERE x.component_id = r.component_id AND x.config_id = r.config_id AND x.selector_id = r.selector_id)`.execute(db);
  if (links.length > 0) {
    await sql`
      INSERT INTO config_component_relationships (component_id, config_id, selector_id)
      SELECT DISTINCT x.component_id, x.config_id, x.selector_id
      FROM jsonb_to_recordset(${json}::jsonb) AS x(component_id uuid, config_id uuid, selector_id text)
      ON CONFLICT (component_id, config_id, selector_id) DO UPDATE SET deleted_at = NULL
      WHERE config_component_relationships.deleted_at IS NOT NULL`.execute(db);
  }
  return links.length;
}
