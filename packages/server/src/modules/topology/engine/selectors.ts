// Check and catalogue selectors of a topology, answered by the database: a component's `checks[].selector`,
// its `configs`, and the `checks`/`catalog` lookups. Each selector's id (the links' selector_id) is a hash
// of the selector as written, so a changed selector replaces its links and an unchanged one keeps them.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { mapRequirements, parseLabelSelector, requirementsSql, type Requirement } from '../../../db/label-selector.js';
import type { CheckSelector, ConfigSelector } from './topology-spec.js';

/** A stable id for a selector: the hash of its canonical JSON. */
export function selectorId(selector: unknown): string {
  return createHash('sha256').update(canonical(selector)).digest('hex').slice(0, 32);
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

// `*` in a name is a wildcard, as in canary-checker's selectors (also used for team component selectors).
export function nameSql(column: RawBuilder<unknown>, name: string): RawBuilder<boolean> {
  if (!name.includes('*')) return sql<boolean>`${column} = ${name}`;
  const like = name.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
  return sql<boolean>`${column} LIKE ${like}`;
}

const list = (one: string | undefined, many: string[] | undefined): string[] => [...(one ? [one] : []), ...(many ?? [])];

function labelReqs(selector: string | undefined, map?: Record<string, string>): Requirement[] {
  return [...(selector ? parseLabelSelector(selector) : []), ...mapRequirements(map)];
}

export interface SelectedCheck {
  id: string;
  canary_id: string;
  name: string;
  type: string;
  namespace: string;
  status: string;
  labels: Record<string, string>;
  description: string | null;
  icon: string | null;
}

/** Live checks a selector matches (an empty selector matches none: it would link everything). */
export async function selectChecks(db: Kysely<Database>, s: CheckSelector): Promise<SelectedCheck[]> {
  const conds: RawBuilder<boolean>[] = [];
  const types = list(s.type, s.types);
  if (s.name) conds.push(nameSql(sql`k.name`, s.name));
  if (s.namespace) conds.push(sql<boolean>`k.namespace = ${s.namespace}`);
  if (types.length) conds.push(sql<boolean>`k.type = ANY(${types}::text[])`);
  if (s.canary) conds.push(sql<boolean>`c.name = ${s.canary}`);
  const reqs = labelReqs(s.labelSelector);
  if (reqs.length) conds.push(requirementsSql(sql`k.labels`, reqs));
  if (conds.length === 0) return [];
  const { rows } = await sql<SelectedCheck>`
    SELECT k.id, k.canary_id, k.name, k.type, k.namespace, k.status, k.labels, k.description, k.icon
    FROM checks k JOIN canaries c ON c.id = k.canary_id AND c.deleted_at IS NULL
    WHERE k.deleted_at IS NULL AND ${sql.join(conds, sql` AND `)}
    ORDER BY k.name, k.id LIMIT 10000`.execute(db);
  return rows;
}

export interface SelectedConfig {
  id: string;
  name: string | null;
  type: string;
  config_class: string;
  status: string | null;
  health: string;
  labels: Record<string, string>;
  tags: Record<string, string>;
  external_id: string[];
  description: string | null;
  config: unknown;
}

/** Live catalogue items a selector matches (by id, name, type, namespace tag, tags and labels). */
export async function selectConfigs(db: Kysely<Database>, s: ConfigSelector): Promise<SelectedConfig[]> {
  const conds: RawBuilder<boolean>[] = [];
  const types = list(s.type, s.types);
  if (s.id) conds.push(sql<boolean>`ci.id::text = ${s.id}`);
  if (s.name) conds.push(nameSql(sql`ci.name`, s.name));
  if (types.length) conds.push(sql<boolean>`ci.type = ANY(${types}::text[])`);
  if (s.namespace) conds.push(sql<boolean>`(ci.tags ->> 'namespace') = ${s.namespace}`);
  const tagReqs = labelReqs(s.tagSelector, s.tags);
  if (tagReqs.length) conds.push(requirementsSql(sql`ci.tags`, tagReqs));
  const labReqs = labelReqs(s.labelSelector, s.labels);
  if (labReqs.length) conds.push(requirementsSql(sql`ci.labels`, labReqs));
  if (conds.length === 0) return [];
  const { rows } = await sql<SelectedConfig>`
    SELECT ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.labels, ci.tags, ci.external_id, ci.description, ci.config
    FROM config_items ci
    WHERE ci.deleted_at IS NULL AND ${sql.join(conds, sql` AND `)}
    ORDER BY ci.name, ci.id LIMIT 10000`.execute(db);
  return rows;
}

// A selector by exact name (with types, namespace) and nothing else: thousands of these (a forEach
// over a lookup) are answered by one join instead of a query each.
function byNameOnly(s: ConfigSelector): boolean {
  const allowed = new Set(['name', 'type', 'types', 'namespace']);
  return typeof s.name === 'string' && s.name !== '' && !s.name.includes('*') && Object.keys(s).every((k) => allowed.has(k));
}

/** The live items each selector matches (by position), name-only selectors in one statement. */
export async function selectConfigIds(db: Kysely<Database>, selectors: ConfigSelector[]): Promise<string[][]> {
  const out: string[][] = selectors.map(() => []);
  const batch = selectors.map((s, i) => ({ s, i })).filter(({ s }) => byNameOnly(s));
  if (batch.length > 0) {
    const json = JSON.stringify(
      batch.map(({ s, i }) => {
        const types = list(s.type, s.types);
        return { i, name: s.name, types: types.length ? types : null, namespace: s.namespace ?? null };
      }),
    );
    const { rows } = await sql<{ i: number; id: string }>`
      SELECT x.i, ci.id FROM jsonb_to_recordset(${json}::jsonb) AS x(i integer, name text, types text[], namespace text)
      JOIN config_items ci ON ci.name = x.name AND ci.deleted_at IS NULL
      WHERE (x.types IS NULL OR ci.type = ANY(x.types)) AND (x.namespace IS NULL OR (ci.tags ->> 'namespace') = x.namespace)
      ORDER BY x.i, ci.name, ci.id`.execute(db);
    for (const r of rows) out[r.i]!.push(r.id);
  }
  for (const [i, s] of selectors.entries()) {
    if (!byNameOnly(s)) out[i] = (await selectConfigs(db, s)).map((c) => c.id);
  }
  return out;
}
