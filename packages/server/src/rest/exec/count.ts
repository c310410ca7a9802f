import type pg from 'pg';
import type { PlanNode } from '../plan/model.js';
import { Params } from '../sql/builder.js';
import { countSql, type SourceOverride } from '../sql/read.js';
import { runStatement } from './statements.js';

/** The planner's row estimate for the root's filters (`Prefer: count=planned`). */
export async function plannedCount(db: pg.Pool | pg.PoolClient, node: PlanNode, override?: SourceOverride): Promise<number> {
  const p = new Params();
  const sql = countSql(node, p, override).replace(/^SELECT count\(\*\)/, 'SELECT 1');
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, p.values);
  return Math.round(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}

/** The exact number of rows the root's filters match. */
export async function exactCount(db: pg.Pool | pg.PoolClient, node: PlanNode, override?: SourceOverride): Promise<number> {
  const p = new Params();
  const { rows } = await runStatement(db, countSql(node, p, override), p.values);
  return Number(rows[0]?.[0] ?? 0);
}
