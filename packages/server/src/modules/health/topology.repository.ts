// Checks grouped by the topology component they are linked to (check_component_relationships).
import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';

export interface ComponentCheckRow {
  component_id: string;
  id: string;
  name: string;
  type: string;
  status: string;
  canary_id: string;
}

/** Live links of live checks, optionally for one component, one check or one status. */
export async function componentChecks(
  db: Db,
  f: { componentId?: string; checkId?: string; status?: string },
): Promise<ComponentCheckRow[]> {
  const res = await sql<ComponentCheckRow>`
    SELECT r.component_id, c.id, c.name, c.type, c.status, c.canary_id
    FROM check_component_relationships r JOIN checks c ON c.id = r.check_id
    WHERE r.deleted_at IS NULL AND c.deleted_at IS NULL
      ${f.componentId ? sql`AND r.component_id = ${f.componentId}::uuid` : sql``}
      ${f.checkId ? sql`AND c.id = ${f.checkId}::uuid` : sql``}
      ${f.status ? sql`AND c.status = ${f.status}` : sql``}
    ORDER BY r.component_id, c.name
    LIMIT 10000`.execute(db.kysely);
  return res.rows;
}
