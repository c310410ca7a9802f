// Reading changes for `POST /api/catalog/changes`: related ids for recursive queries, the page, and the
// total with counts by change type.
import type { CatalogChangeListRow, CatalogChangesQuery } from '@ops/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { CHANGE_LIST_COLUMNS, changesConditions, changesOrder, requestedIds } from './changes-query.js';

const WALK: Record<string, string> = { all: 'all', downstream: 'outgoing', upstream: 'incoming' };

/** The ids a query covers: the requested ones plus, when recursive, those related to them up to `depth`. */
async function coveredIds(db: Kysely<Database>, query: CatalogChangesQuery): Promise<string[] | undefined> {
  const ids = requestedIds(query.id);
  if (!ids || query.recursive === 'none' || query.depth === 0) return ids;
  const res = await sql<{ id: string }>`SELECT DISTINCT r.id FROM unnest(${ids}::uuid[]) AS s(id),
       LATERAL related_configs_recursive(s.id, type_filter => ${WALK[query.recursive]}, include_deleted_configs => ${query.include_deleted_configs}, max_depth => ${query.depth}) r`.execute(
    db,
  );
  return [...new Set([...ids, ...res.rows.map((r) => r.id)])];
}

/** The page of changes, the total matching, and the counts by change type. */
export async function searchChanges(
  db: Kysely<Database>,
  query: CatalogChangesQuery,
  now = new Date(),
): Promise<{ rows: CatalogChangeListRow[]; total: number; summary: Record<string, number> }> {
  const ids = await coveredIds(db, query);
  const c = changesConditions(query, ids, now);
  // Hiding deleted items never hides the items asked for by id: a deleted item's own Changes tab lists its
  // changes, as its badge counts them.
  const asked = requestedIds(query.id) ?? [];
  const deleted = c.hideDeleted ? [sql`(ci.deleted_at IS NULL OR ci.id = ANY(${asked}::uuid[]))`] : [];
  const where = sql.join([...c.change, ...c.item, ...deleted], sql` AND `);
  const order = changesOrder(query.sort_by);
  const from = sql`config_changes cc JOIN config_items ci ON ci.id = cc.config_id`;
  // The count needs the item only for item conditions; hidden deleted items are few, so exclude them by anti-join.
  const notDeleted = sql`NOT EXISTS (SELECT 1 FROM config_items d WHERE d.id = cc.config_id AND d.deleted_at IS NOT NULL
                                      AND d.id <> ALL(${asked}::uuid[]))`;
  const countSql = c.item.length
    ? sql<{ change_type: string; n: number }>`SELECT cc.change_type, count(*)::int AS n FROM ${from} WHERE ${where} GROUP BY 1`
    : sql<{
        change_type: string;
        n: number;
      }>`SELECT cc.change_type, count(*)::int AS n FROM config_changes cc WHERE ${sql.join([...c.change, ...(c.hideDeleted ? [notDeleted] : [])], sql` AND `)} GROUP BY 1`;
  const [page, counts] = await Promise.all([
    sql<CatalogChangeListRow>`SELECT ${CHANGE_LIST_COLUMNS} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`.execute(
      db,
    ),
    countSql.execute(db),
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
