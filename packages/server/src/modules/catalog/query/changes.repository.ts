// Reading changes for `POST /api/catalog/changes`: related ids for recursive queries, the page, and the
// total with counts by change type.
import type { CatalogChangeListRow, CatalogChangesQuery } from '@ops/shared';
import type pg from 'pg';
import { CHANGE_LIST_COLUMNS, changesConditions, changesOrder, requestedIds } from './changes-query.js';
import { SqlParams } from './sql-params.js';

const WALK: Record<string, string> = { all: 'all', downstream: 'outgoing', upstream: 'incoming' };

/** The ids a query covers: the requested ones plus, when recursive, those related to them up to `depth`. */
async function coveredIds(pool: pg.Pool, query: CatalogChangesQuery): Promise<string[] | undefined> {
  const ids = requestedIds(query.id);
  if (!ids || query.recursive === 'none' || query.depth === 0) return ids;
  const res = await pool.query<{ id: string }>(
    `SELECT DISTINCT r.id FROM unnest($1::uuid[]) AS s(id),
       LATERAL related_configs_recursive(s.id, type_filter => $2, include_deleted_configs => $3, max_depth => $4) r`,
    [ids, WALK[query.recursive], query.include_deleted_configs, query.depth],
  );
  return [...new Set([...ids, ...res.rows.map((r) => r.id)])];
}

/** The page of changes, the total matching, and the counts by change type. */
export async function searchChanges(
  pool: pg.Pool,
  query: CatalogChangesQuery,
  now = new Date(),
): Promise<{ rows: CatalogChangeListRow[]; total: number; summary: Record<string, number> }> {
  const ids = await coveredIds(pool, query);
  const p = new SqlParams();
  const c = changesConditions(query, ids, p, now);
  const deleted = c.hideDeleted ? ['ci.deleted_at IS NULL'] : [];
  const where = [...c.change, ...c.item, ...deleted].join(' AND ');
  const order = changesOrder(query.sort_by);
  const from = 'config_changes cc JOIN config_items ci ON ci.id = cc.config_id';
  // The count needs the item only for item conditions; hidden deleted items are few, so exclude them by anti-join.
  const countSql = c.item.length
    ? `SELECT cc.change_type, count(*)::int AS n FROM ${from} WHERE ${where} GROUP BY 1`
    : `SELECT cc.change_type, count(*)::int AS n FROM config_changes cc WHERE ${[...c.change, ...(c.hideDeleted ? ['NOT EXISTS (SELECT 1 FROM config_items d WHERE d.id = cc.config_id AND d.deleted_at IS NOT NULL)'] : [])].join(' AND ')} GROUP BY 1`;
  const limit = p.values.length + 1;
  const [page, counts] = await Promise.all([
    pool.query<CatalogChangeListRow>(
      `SELECT ${CHANGE_LIST_COLUMNS} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT $${limit} OFFSET $${limit + 1}`,
      [...p.values, query.page_size, (query.page - 1) * query.page_size],
    ),
    pool.query<{ change_type: string; n: number }>(countSql, p.values),
  ]);
  const summary: Record<string, number> = {};
  let total = 0;
  for (const r of counts.rows) {
    summary[r.change_type] = r.n;
    total += r.n;
  }
  const rows = page.rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at).toISOString(),
    first_observed: new Date(r.first_observed).toISOString(),
    deleted_at: r.deleted_at ? new Date(r.deleted_at).toISOString() : null,
  }));
  return { rows, total, summary };
}
