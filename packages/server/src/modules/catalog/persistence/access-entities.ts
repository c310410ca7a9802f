// Storing a scrape's external users, groups or roles. Incoming entities and the stored ones they overlap
// (a shared alias within one account — an empty account matches any — or the same id) form components;
// each component becomes one entity: the oldest stored one wins (else the first incoming id, else a new
// id), takes the union of the aliases and the latest incoming attributes, and the others are merged into it.
import { randomUUID } from 'node:crypto';
import { isUuid, type ExternalEntity } from '../engine/full-mode/access-types.js';
import { cleanAliases, ENTITY_TABLES, followMerges, type EntityKind } from './access-lookup.js';
import { mergeLosers, type MergePair } from './access-merge.js';
import type { Queryable } from './queryable.js';
import { UnionFind } from './union-find.js';

const TYPE_COLUMN: Record<EntityKind, string> = { users: 'user_type', groups: 'group_type', roles: 'role_type' };

interface Node {
  id?: string;
  account: string;
  aliases: string[];
  stored?: { created_at: Date };
  entity?: ExternalEntity;
}

export interface EntitySync {
  /** Ids that now resolve to another entity (incoming ids and stored losers → winner). */
  renamed: Map<string, string>;
  saved: number;
  skipped: number;
  merged: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Upsert `entities` of one kind for `scraperId`, merging the stored entities they bridge. */
export async function syncEntities(
  q: Queryable,
  kind: EntityKind,
  entities: readonly ExternalEntity[],
  scraperId: string | null,
  now: Date,
): Promise<EntitySync> {
  const valid = entities.filter((e) => isUuid(e.id) || cleanAliases(e.aliases).length > 0);
  const out: EntitySync = { renamed: new Map(), saved: 0, skipped: entities.length - valid.length, merged: 0 };
  if (valid.length === 0) return out;
  const redirected = await followMerges(
    q,
    kind,
    valid.flatMap((e) => (isUuid(e.id) ? [e.id] : [])),
  );
  const incoming: Node[] = valid.map((e) => ({
    id: isUuid(e.id) ? (redirected.get(e.id) ?? e.id) : undefined,
    account: text(e.account_id) || text(e.tenant),
    aliases: cleanAliases(e.aliases),
    entity: e,
  }));
  const nodes = [...incoming, ...(await loadOverlapping(q, kind, incoming))];
  const rows: Record<string, unknown>[] = [];
  const losers = new Map<string, MergePair>();
  for (const members of cluster(nodes)) {
    const group = members.map((i) => nodes[i]!);
    if (!group.some((n) => n.entity)) continue;
    const stored = group.filter((n) => n.stored).sort(oldestFirst);
    const winner = stored[0]?.id ?? group.find((n) => n.entity && n.id)?.id ?? randomUUID();
    for (const n of group) {
      const original = n.entity?.id;
      if (isUuid(original) && original !== winner) out.renamed.set(original, winner);
      if (n.id && n.id !== winner) {
        losers.set(n.id, { loser: n.id, winner });
        out.renamed.set(n.id, winner);
      }
    }
    rows.push(winnerRow(kind, winner, group));
  }
  await writeWinners(q, kind, rows, scraperId, now);
  await mergeLosers(q, kind, [...losers.values()], now);
  out.saved = rows.length;
  out.merged = nodes.filter((n) => n.stored && losers.has(n.id!)).length;
  return out;
}

function oldestFirst(a: Node, b: Node): number {
  return a.stored!.created_at.getTime() - b.stored!.created_at.getTime() || (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0);
}

// Live stored entities sharing an alias or an id with the incoming ones.
async function loadOverlapping(q: Queryable, kind: EntityKind, incoming: Node[]): Promise<Node[]> {
  const res = await q.query<{ id: string; account_id: string; aliases: string[]; created_at: Date }>(
    `SELECT id, account_id, aliases, created_at FROM ${ENTITY_TABLES[kind]}
     WHERE deleted_at IS NULL AND (aliases && $1::text[] OR id = ANY($2::uuid[]))`,
    [[...new Set(incoming.flatMap((n) => n.aliases))], incoming.flatMap((n) => (n.id ? [n.id] : []))],
  );
  return res.rows.map((r) => ({ id: r.id, account: r.account_id, aliases: r.aliases, stored: { created_at: r.created_at } }));
}

// Components of nodes joined by a shared id, or by a shared alias in compatible accounts.
function cluster(nodes: Node[]): number[][] {
  const uf = new UnionFind(nodes.length);
  const byId = new Map<string, number>();
  const byAlias = new Map<string, Map<string, number>>();
  nodes.forEach((n, i) => {
    if (n.id) {
      const seen = byId.get(n.id);
      if (seen === undefined) byId.set(n.id, i);
      else uf.union(seen, i);
    }
    for (const alias of n.aliases) {
      const accounts = byAlias.get(alias) ?? new Map<string, number>();
      byAlias.set(alias, accounts);
      if (n.account === '') for (const first of accounts.values()) uf.union(first, i);
      else for (const key of [n.account, '']) if (accounts.has(key)) uf.union(accounts.get(key)!, i);
      if (!accounts.has(n.account)) accounts.set(n.account, i);
    }
  });
  return uf.groups();
}

// The component as one row: all aliases, and each attribute from the last incoming entity that has it.
function winnerRow(kind: EntityKind, id: string, group: Node[]): Record<string, unknown> {
  const entities = group.flatMap((n) => (n.entity ? [n.entity] : []));
  const last = (f: (e: ExternalEntity) => string): string => entities.map(f).filter(Boolean).at(-1) ?? '';
  return {
    id,
    name: last((e) => text(e.name)),
    account_id: last((e) => text(e.account_id) || text(e.tenant)),
    type: last((e) => text(e[TYPE_COLUMN[kind]])),
    email: last((e) => text(e.email)) || null,
    description: last((e) => text(e.description)) || null,
    aliases: [...new Set(group.flatMap((n) => n.aliases))].sort(),
  };
}

// Insert new winners, update stored ones (empty incoming attributes keep the stored values).
async function writeWinners(q: Queryable, kind: EntityKind, rows: Record<string, unknown>[], scraperId: string | null, now: Date) {
  if (rows.length === 0) return;
  const type = TYPE_COLUMN[kind];
  const extra = kind === 'users' ? ['email'] : kind === 'roles' ? ['description'] : [];
  const cols = ['id', 'name', 'account_id', type, ...extra, 'aliases', 'scraper_id', 'created_at', 'updated_at'];
  const values = ['x.id', 'x.name', 'x.account_id', 'x.type', ...extra.map((c) => `x.${c}`), 'x.aliases', '$2::uuid', '$3', '$3'];
  const keep = (c: string) => `${c} = coalesce(nullif(EXCLUDED.${c}, ''), e.${c})`;
  await q.query(
    `INSERT INTO ${ENTITY_TABLES[kind]} AS e (${cols.join(', ')})
     SELECT ${values.join(', ')}
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, name text, account_id text, type text, email text, description text, aliases text[])
     ON CONFLICT (id) DO UPDATE SET ${['name', 'account_id', type, ...extra].map(keep).join(', ')},
       aliases = ARRAY(SELECT DISTINCT a FROM unnest(e.aliases || EXCLUDED.aliases) AS a ORDER BY 1),
       updated_at = $3, deleted_at = NULL, merged_into = NULL`,
    [JSON.stringify(rows), scraperId, now],
  );
}
