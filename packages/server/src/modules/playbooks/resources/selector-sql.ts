// A resource selector (types, name with `*`, namespace, agent, statuses, health, labelSelector, tagSelector,
// fieldSelector, search) as one SQL condition over the live rows of a kind, so matching a playbook to a
// resource, or searching thousands of resources, is answered by the database.
import type { ResourceSelector } from '@ops/shared';
import { sql, type RawBuilder } from 'kysely';
import { containsPattern, escapeLike } from '../../../db/like-pattern.js';
import { mapRequirements, parseLabelSelector, requirementsSql, splitSelector } from '../../../db/label-selector.js';
import { KINDS, type KindColumns, type ResourceKind } from './resource-kinds.js';

/** A selector that cannot be read; the message names the field. */
export class SelectorError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

/** The condition that a row of `kind` (alias `r`) meets the selector; an empty selector matches every live row. */
export function selectorSql(kind: ResourceKind, s: ResourceSelector): RawBuilder<boolean> {
  const k = KINDS[kind];
  const conds: RawBuilder<unknown>[] = [];
  if (s.id) conds.push(sql`r.id::text = ${s.id}`);
  if (s.name) conds.push(globSql(k.fields.name!, s.name));
  if (s.namespace) conds.push(sql`${k.namespace} = ${s.namespace}`);
  // Stored specs were validated at save; the guards keep an odd older row from failing a whole menu.
  const types = texts(s.types);
  const statuses = texts(s.statuses);
  if (types.length) conds.push(sql`r.type = ANY(${types}::text[])`);
  if (statuses.length) conds.push(oneOf(k.status, statuses));
  if (typeof s.health === 'string' && s.health) conds.push(oneOf(k.health, s.health.split(',')));
  if (s.agent) conds.push(agentSql(s.agent));
  if (s.labelSelector) conds.push(requirementsSql(k.labels, parse('labelSelector', s.labelSelector)));
  if (s.tagSelector) conds.push(requirementsSql(k.tags, parse('tagSelector', s.tagSelector)));
  const extra = s as Record<string, unknown>;
  if (isMap(extra.labels)) conds.push(requirementsSql(k.labels, mapRequirements(extra.labels)));
  if (isMap(extra.tags)) conds.push(requirementsSql(k.tags, mapRequirements(extra.tags)));
  if (s.fieldSelector) conds.push(...fieldConditions(k, 'fieldSelector', splitSelector(s.fieldSelector)));
  if (s.search?.trim()) conds.push(...searchConditions(k, s.search.trim()));
  if (conds.length === 0) return sql<boolean>`true`;
  return sql<boolean>`(${sql.join(conds, sql` AND `)})`;
}

/** Any of the selectors (an empty list matches nothing). */
export function anySelectorSql(kind: ResourceKind, selectors: readonly ResourceSelector[]): RawBuilder<boolean> {
  if (selectors.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    selectors.map((s) => selectorSql(kind, s)),
    sql` OR `,
  )})`;
}

/** `*` in a name is a wildcard, as canary-checker and mission-control selectors write it. */
export function globSql(column: RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  if (!pattern.includes('*')) return sql<boolean>`${column} = ${pattern}`;
  return sql<boolean>`${column} LIKE ${escapeLike(pattern).replace(/\*/g, '%')}`;
}

const texts = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];

const isMap = (v: unknown): v is Record<string, string> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

// Values as written, `!value` excluding one: `healthy,warning`, `!unknown`.
function oneOf(column: RawBuilder<unknown>, values: readonly string[]): RawBuilder<unknown> {
  const list = values.map((v) => v.trim()).filter(Boolean);
  const want = list.filter((v) => !v.startsWith('!'));
  const not = list.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
  const parts: RawBuilder<unknown>[] = [];
  if (want.length) parts.push(sql`${column} = ANY(${want}::text[])`);
  if (not.length) parts.push(sql`NOT coalesce(${column} = ANY(${not}::text[]), false)`);
  return parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`true`;
}

// `all` (or nothing) is every agent, `local`/`self` the server's own, else an agent id or name.
function agentSql(agent: string): RawBuilder<unknown> {
  if (agent === 'all') return sql`true`;
  if (agent === 'local' || agent === 'self') return sql`r.agent_id = ${LOCAL_AGENT}::uuid`;
  if (UUID.test(agent)) return sql`r.agent_id = ${agent}::uuid`;
  return sql`r.agent_id IN (SELECT a.id FROM agents a WHERE a.name = ${agent})`;
}

function parse(field: string, text: string) {
  try {
    return parseLabelSelector(text);
  } catch (e) {
    throw new SelectorError(`${field}: ${(e as Error).message}`);
  }
}

// `field=value`, `field==value`, `field!=value` on the kind's known fields; `*` in a value is a wildcard.
function fieldConditions(k: KindColumns, where: string, parts: readonly string[]): RawBuilder<unknown>[] {
  return parts.map((part) => {
    const m = /^([A-Za-z_][\w.]*)\s*(!=|==|=)\s*(.*)$/.exec(part.trim());
    if (!m) throw new SelectorError(`${where}: cannot read '${part}' (use field=value or field!=value)`);
    const column = k.fields[m[1]!];
    if (!column) throw new SelectorError(`${where}: unknown field '${m[1]}' (use ${Object.keys(k.fields).join(', ')})`);
    const eq = globSql(column as RawBuilder<unknown>, m[3]!.trim());
    return m[2] === '!=' ? sql`NOT coalesce(${eq}, false)` : eq;
  });
}

// Free text matches the name anywhere; `key=value` words are field requirements.
function searchConditions(k: KindColumns, search: string): RawBuilder<unknown>[] {
  const words = search.split(/\s+/);
  if (words.every((w) => /^[A-Za-z_][\w.]*(!=|==|=)/.test(w))) return fieldConditions(k, 'search', words);
  return [sql`${k.fields.name!} ILIKE ${containsPattern(search)}`];
}
