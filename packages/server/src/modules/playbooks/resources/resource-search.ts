// POST /api/resources/search: the config items, components and checks that any selector of each list
// matches, each list only for callers who may read that kind, at most `limit` (default 50) per list.
import { can, type ResourceSearchItem, type ResourceSearchRequest, type ResourceSearchResponse, type ResourceSelector } from '@ops/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { badRequest } from '../../../http/errors.js';
import { KINDS, type ResourceKind } from './resource-kinds.js';
import { SelectorError, selectorSql } from './selector-sql.js';

export const RESOURCE_SEARCH_DEFAULT_LIMIT = 50;

/** Who may see each list: catalogue readers, topology readers, canary readers. */
export function searchableKinds(roles: readonly string[]): Record<ResourceKind, boolean> {
  return {
    config: can(roles, 'config_scrapers', 'read') || can(roles, 'database', 'read'),
    component: can(roles, 'topologies', 'read'),
    check: can(roles, 'canaries', 'read'),
  };
}

/** The three lists for a caller with these roles; a selector that cannot be read is a 400 naming it. */
export async function searchResources(
  db: Kysely<Database>,
  req: ResourceSearchRequest,
  roles: readonly string[],
): Promise<ResourceSearchResponse> {
  const allowed = searchableKinds(roles);
  const limit = req.limit ?? RESOURCE_SEARCH_DEFAULT_LIMIT;
  const list = (kind: ResourceKind, field: string, selectors: ResourceSelector[] | undefined) =>
    allowed[kind] && selectors?.length ? searchKind(db, kind, field, selectors, limit) : Promise.resolve([]);
  const [configs, components, checks] = await Promise.all([
    list('config', 'configs', req.configs),
    list('component', 'components', req.components),
    list('check', 'checks', req.checks),
  ]);
  return { configs, components, checks };
}

const ITEM_COLUMNS: Record<ResourceKind, ReturnType<typeof sql>> = {
  config: sql`r.id::text AS id, coalesce(r.name, '') AS name, r.type, r.tags ->> 'namespace' AS namespace, r.health, r.status,
              NULL::text AS icon, r.labels, r.tags`,
  component: sql`r.id::text AS id, r.name, r.type, r.namespace, r.health, r.status, r.icon, r.labels`,
  check: sql`r.id::text AS id, r.name, r.type, r.namespace, r.status AS health, r.status, r.icon, r.labels`,
};

async function searchKind(
  db: Kysely<Database>,
  kind: ResourceKind,
  field: string,
  selectors: ResourceSelector[],
  limit: number,
): Promise<ResourceSearchItem[]> {
  const conds = selectors.map((s, i) => {
    try {
      return selectorSql(kind, s);
    } catch (e) {
      if (e instanceof SelectorError) throw badRequest(`${field}[${i}].${e.message}`);
      throw e;
    }
  });
  const where = sql.join(conds, sql` OR `);
  const k = KINDS[kind];
  const { rows } = await sql<ResourceSearchItem>`
    SELECT ${ITEM_COLUMNS[kind]}, (SELECT a.name FROM agents a WHERE a.id = r.agent_id) AS agent
    FROM ${k.from}
    WHERE ${k.live} AND (${where})
    ORDER BY r.name, r.id
    LIMIT ${limit}`.execute(db);
  return rows;
}
