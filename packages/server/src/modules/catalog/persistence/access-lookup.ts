// Finding stored external users, groups and roles: by id (following merges to the surviving entity) or
// by alias overlap. Table names come from this fixed map, never from input.
import { isUuid } from '../engine/full-mode/access-types.js';
import type { Queryable } from './queryable.js';

export type EntityKind = 'users' | 'groups' | 'roles';

export const ENTITY_TABLES: Record<EntityKind, string> = {
  users: 'external_users',
  groups: 'external_groups',
  roles: 'external_roles',
};

/** A principal as a record names it: by id, by aliases, or both (the id is tried first). */
export interface PrincipalRef {
  id?: string;
  aliases?: string[];
}

/** Trimmed, non-empty, distinct aliases in their first order. */
export function cleanAliases(aliases: readonly unknown[] | undefined): string[] {
  const out = new Set<string>();
  for (const a of aliases ?? []) if (typeof a === 'string' && a.trim()) out.add(a.trim());
  return [...out];
}

/** For ids of entities merged into others, the id that survived (merge chains are followed to the end). */
export async function followMerges(q: Queryable, kind: EntityKind, ids: readonly string[]): Promise<Map<string, string>> {
  const uuids = [...new Set(ids.filter(isUuid))];
  if (uuids.length === 0) return new Map();
  const t = ENTITY_TABLES[kind];
  const res = await q.query<{ start: string; id: string }>(
    `WITH RECURSIVE chain (start, id, next, depth) AS (
       SELECT id, id, merged_into, 0 FROM ${t} WHERE id = ANY($1::uuid[]) AND merged_into IS NOT NULL
       UNION ALL
       SELECT c.start, e.id, e.merged_into, c.depth + 1 FROM chain c JOIN ${t} e ON e.id = c.next WHERE c.depth < 32
     )
     SELECT DISTINCT ON (start) start, id FROM chain WHERE depth > 0 ORDER BY start, depth DESC`,
    [uuids],
  );
  return new Map(res.rows.map((r) => [r.start, r.id]));
}

/**
 * Live entity ids for `refs`, in input order (undefined when not found): an id is mapped through `renamed`
 * (ids merged in this save) and stored merges; failing that, the oldest live entity sharing an alias.
 */
export async function resolvePrincipals(
  q: Queryable,
  kind: EntityKind,
  refs: readonly PrincipalRef[],
  renamed: ReadonlyMap<string, string> = new Map(),
): Promise<(string | undefined)[]> {
  const t = ENTITY_TABLES[kind];
  const wanted = refs.map((r) => (isUuid(r.id) ? (renamed.get(r.id) ?? r.id) : undefined));
  const merged = await followMerges(
    q,
    kind,
    wanted.filter((id): id is string => !!id),
  );
  const candidates = wanted.map((id) => (id ? (merged.get(id) ?? id) : undefined));
  const live = new Set(
    (
      await q.query<{ id: string }>(`SELECT id FROM ${t} WHERE deleted_at IS NULL AND id = ANY($1::uuid[])`, [
        [...new Set(candidates.filter((id): id is string => !!id))],
      ])
    ).rows.map((r) => r.id),
  );
  const out = candidates.map((id) => (id && live.has(id) ? id : undefined));
  const byAlias = refs.map((r, i) => ({ i, aliases: cleanAliases(r.aliases) })).filter((x) => !out[x.i] && x.aliases.length > 0);
  if (byAlias.length > 0) {
    const res = await q.query<{ i: number; id: string }>(
      `SELECT DISTINCT ON (x.i) x.i, e.id FROM jsonb_to_recordset($1::jsonb) AS x(i int, aliases text[])
       JOIN ${t} e ON e.deleted_at IS NULL AND e.aliases && x.aliases
       ORDER BY x.i, e.created_at, e.id`,
      [JSON.stringify(byAlias)],
    );
    for (const r of res.rows) out[r.i] = r.id;
  }
  return out;
}
