// Finding stored items by reference: `{type, external_id}` (primary id, then aliases) and relationship
// selectors (id, external id, name, namespace, labels). A scraper's own items win over other scrapers'.
import { isUuid } from '@ops/shared';
import type { RelationshipSelector } from '../engine/index.js';
import type { Queryable } from './queryable.js';

/** A reference to resolve; `type` may be empty (any type). */
export interface Ref {
  type: string;
  external_id: string;
}

/** Ids of the referenced items (live ones first, this scraper's first), in input order; undefined when not found. */
export async function resolveRefs(q: Queryable, refs: Ref[], scraperId: string | null): Promise<(string | undefined)[]> {
  if (refs.length === 0) return [];
  const res = await q.query<{ i: number; id: string }>(
    `SELECT DISTINCT ON (r.i) r.i::int AS i, ci.id
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(type, eid, i)
     JOIN LATERAL (
       SELECT c.id, c.scraper_id, c.deleted_at, 0 AS alias FROM config_items c
       WHERE r.type <> '' AND c.type = r.type AND c.external_id[1] = r.eid
       UNION ALL
       SELECT c.id, c.scraper_id, c.deleted_at, 1 FROM config_items c
       WHERE c.external_id @> ARRAY[r.eid] AND (r.type = '' OR c.type = r.type)
     ) ci ON true
     ORDER BY r.i, ci.deleted_at IS NOT NULL, ci.scraper_id IS NOT DISTINCT FROM $3::uuid DESC, ci.alias`,
    [refs.map((r) => r.type ?? ''), refs.map((r) => r.external_id), scraperId],
  );
  const out: (string | undefined)[] = new Array(refs.length).fill(undefined);
  for (const row of res.rows) out[row.i - 1] = row.id;
  return out;
}

type Field = 'id' | 'external_id' | 'type' | 'name' | 'namespace' | 'agent' | 'labels' | 'scope';

// Conditions per selector field on item `c`, given the unnested column `r.<field>`.
const CONDITIONS: Record<Field, { cast: string; sql: string }> = {
  id: { cast: 'uuid[]', sql: 'c.id = r.id' },
  external_id: { cast: 'text[]', sql: 'c.external_id @> ARRAY[r.external_id]' },
  type: { cast: 'text[]', sql: 'c.type = r.type' },
  name: { cast: 'text[]', sql: 'c.name = r.name' },
  namespace: { cast: 'text[]', sql: "(c.tags->>'namespace' = r.namespace OR c.labels->>'namespace' = r.namespace)" },
  agent: { cast: 'text[]', sql: '(c.agent_id::text = r.agent OR c.agent_id IN (SELECT a.id FROM agents a WHERE a.name = r.agent))' },
  labels: { cast: 'jsonb[]', sql: 'c.labels @> r.labels' },
  scope: { cast: 'uuid[]', sql: 'c.scraper_id = r.scope' },
};

/** The bound values of one selector, or undefined when it can match nothing. */
function selectorValues(sel: RelationshipSelector, scraperId: string | null): Partial<Record<Field, string>> | undefined {
  const v: Partial<Record<Field, string>> = {};
  if (sel.id) {
    if (!isUuid(sel.id)) return undefined;
    v.id = sel.id;
  }
  if (sel.external_id) v.external_id = sel.external_id;
  if (sel.type) v.type = sel.type;
  if (sel.name) v.name = sel.name;
  if (sel.namespace) v.namespace = sel.namespace;
  if (sel.agent) v.agent = sel.agent;
  if (sel.labels && Object.keys(sel.labels).length) v.labels = JSON.stringify(sel.labels);
  if (Object.keys(v).length === 0) return undefined;
  const scope = sel.scope ?? '';
  if (scope !== 'all' && !sel.id) {
    const scoped = isUuid(scope) ? scope : scraperId;
    if (scoped) v.scope = scoped;
  }
  return v;
}

/**
 * Ids of the live items each relationship selector matches (at most 1,000 each). Without `scope: all`
 * (or an explicit scope id) only items of `scraperId` are looked at, as config-db does. Selectors with
 * the same fields are resolved together in one statement.
 */
export async function resolveSelectors(q: Queryable, selectors: RelationshipSelector[], scraperId: string | null): Promise<string[][]> {
  const out: string[][] = selectors.map(() => []);
  const byShape = new Map<string, { fields: Field[]; rows: { i: number; v: Partial<Record<Field, string>> }[] }>();
  selectors.forEach((sel, i) => {
    const v = selectorValues(sel, scraperId);
    if (!v) return;
    const fields = (Object.keys(v) as Field[]).sort();
    const key = fields.join(',');
    const group = byShape.get(key) ?? { fields, rows: [] };
    group.rows.push({ i, v });
    byShape.set(key, group);
  });
  for (const { fields, rows } of byShape.values()) {
    const cols = fields.map((f, k) => `$${k + 2}::${CONDITIONS[f].cast}`).join(', ');
    const res = await q.query<{ i: number; id: string }>(
      `SELECT r.i::int AS i, m.id
       FROM unnest($1::int[], ${cols}) AS r(i, ${fields.join(', ')})
       JOIN LATERAL (SELECT c.id FROM config_items c WHERE c.deleted_at IS NULL AND ${fields.map((f) => CONDITIONS[f].sql).join(' AND ')} LIMIT 1000) m ON true`,
      [rows.map((r) => r.i), ...fields.map((f) => rows.map((r) => r.v[f]!))],
    );
    for (const row of res.rows) out[row.i]!.push(row.id);
  }
  return out;
}
