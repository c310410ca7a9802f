// check_config_relationships as the health engine writes them: one row per (config, check, selector),
// kept in step with what the selectors match now. Rows that no longer match are soft-deleted (deleted_at)
// rather than removed, like the other link tables; a row that matches again is revived.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface CheckConfigLink {
  config_id: string;
  check_id: string;
  selector_id: string;
}

/** A live check that declares relationships, with what its lookups read. */
export interface RelatedCheckRow {
  id: string;
  canary_id: string;
  type: string;
  name: string;
  namespace: string;
  description: string | null;
  endpoint: string | null;
  labels: Record<string, string> | null;
  spec: Record<string, unknown>;
  canary_name: string;
  canary_namespace: string;
  canary_labels: Record<string, string> | null;
}

/**
 * Make the live links of a canary's checks exactly `links`: insert or revive those, soft-delete the
 * canary's others (checks removed from the spec, selectors that match nothing any more). Returns how
 * many rows changed.
 */
export async function replaceCanaryConfigLinks(db: Kysely<Database>, canaryId: string, links: CheckConfigLink[]): Promise<number> {
  const unique = [...new Map(links.map((l) => [`${l.config_id}/${l.check_id}/${l.selector_id}`, l])).values()];
  const rows = JSON.stringify(unique);
  const upserted = !unique.length
    ? { numAffectedRows: 0n }
    : await sql`
    INSERT INTO check_config_relationships AS r (config_id, check_id, canary_id, selector_id)
    SELECT x.config_id, x.check_id, ${canaryId}::uuid, x.selector_id
    FROM jsonb_to_recordset(${rows}::jsonb) AS x(config_id uuid, check_id uuid, selector_id text)
    ON CONFLICT (config_id, check_id, selector_id) DO UPDATE SET deleted_at = NULL, canary_id = excluded.canary_id, updated_at = now()
    WHERE r.deleted_at IS NOT NULL OR r.canary_id <> excluded.canary_id`.execute(db);
  const removed = await sql`
    UPDATE check_config_relationships r SET deleted_at = now(), updated_at = now()
    WHERE r.canary_id = ${canaryId}::uuid AND r.deleted_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM jsonb_to_recordset(${rows}::jsonb) AS x(config_id uuid, check_id uuid, selector_id text)
        WHERE x.config_id = r.config_id AND x.check_id = r.check_id AND x.selector_id = r.selector_id
      )`.execute(db);
  return Number(upserted.numAffectedRows ?? 0n) + Number(removed.numAffectedRows ?? 0n);
}

/** Live checks of live canaries that declare relationships, and the canaries that still hold live links. */
export async function checksToRelink(db: Kysely<Database>): Promise<{ checks: RelatedCheckRow[]; canaryIds: string[] }> {
  const checks = await sql<RelatedCheckRow>`
    SELECT c.id, c.canary_id, c.type, c.name, c.namespace, c.description, c.endpoint, c.labels, c.spec,
           k.name AS canary_name, k.namespace AS canary_namespace, k.labels AS canary_labels
    FROM checks c JOIN canaries k ON k.id = c.canary_id
    WHERE c.deleted_at IS NULL AND k.deleted_at IS NULL AND c.spec ? 'relationships'`.execute(db);
  const linked = await sql<{ canary_id: string }>`
    SELECT DISTINCT canary_id FROM check_config_relationships WHERE deleted_at IS NULL`.execute(db);
  const canaryIds = new Set([...checks.rows.map((c) => c.canary_id), ...linked.rows.map((r) => r.canary_id)]);
  return { checks: checks.rows, canaryIds: [...canaryIds] };
}
