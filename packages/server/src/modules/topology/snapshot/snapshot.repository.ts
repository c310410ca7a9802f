// What a snapshot archives besides the component tree: the checks linked to its components with their
// runs in the range, the configs linked to them, and those configs' changes in the range. Each list is
// capped so one snapshot of a busy component stays a download, not a dump of the database.
import { sql } from 'kysely';
import type { Db } from '../../../db/pool.js';

/** Runs kept per check, newest first. */
export const SNAPSHOT_STATUSES_PER_CHECK = 1000;
/** Changes kept in all, newest first. */
export const SNAPSHOT_CHANGES_LIMIT = 10_000;

/** Ancestors (from the path) and siblings of a component: what `related=true` adds. */
export async function relatedComponents(db: Db, component: { id: string; path: string; parent_id: string | null }): Promise<unknown[]> {
  const ancestors = component.path ? component.path.split('.') : [];
  const res = await sql<{ row: unknown }>`
    SELECT to_jsonb(c) - 'selectors' - 'configs' AS row FROM components c
    WHERE c.deleted_at IS NULL AND c.id <> ${component.id}
      AND (c.id = ANY(${ancestors}::uuid[])
           OR (${component.parent_id}::uuid IS NOT NULL AND c.parent_id = ${component.parent_id}::uuid)
           OR (${component.parent_id}::uuid IS NULL AND c.parent_id IS NULL AND c.topology_id IS NOT DISTINCT FROM
               (SELECT topology_id FROM components WHERE id = ${component.id})))
    ORDER BY c.depth, c.name`.execute(db.kysely);
  return res.rows.map((r) => r.row);
}

/** Checks linked to any of the components, each with its runs in [start, end) and the components it is linked to. */
export async function checksWithStatuses(db: Db, componentIds: string[], start: Date, end: Date): Promise<unknown[]> {
  const res = await sql<{ row: unknown }>`
    WITH linked AS (
      SELECT r.check_id, array_agg(DISTINCT r.component_id) AS component_ids
      FROM check_component_relationships r WHERE r.deleted_at IS NULL AND r.component_id = ANY(${componentIds}::uuid[])
      GROUP BY r.check_id
    )
    SELECT jsonb_build_object(
             'id', k.id, 'canary_id', k.canary_id, 'name', k.name, 'namespace', k.namespace, 'type', k.type,
             'description', k.description, 'icon', k.icon, 'labels', k.labels, 'status', k.status,
             'severity', k.severity, 'last_runtime', k.last_runtime, 'last_transition_time', k.last_transition_time,
             'component_ids', l.component_ids,
             'statuses', coalesce((
               SELECT jsonb_agg(jsonb_build_object('time', s.time, 'status', s.status, 'duration', s.duration,
                                                   'message', s.message, 'error', s.error) ORDER BY s.time DESC)
               FROM (SELECT * FROM check_statuses s WHERE s.check_id = k.id AND s.time >= ${start} AND s.time < ${end}
                     ORDER BY s.time DESC LIMIT ${SNAPSHOT_STATUSES_PER_CHECK}) s), '[]'::jsonb)
           ) AS row
    FROM linked l JOIN checks k ON k.id = l.check_id
    WHERE k.deleted_at IS NULL
    ORDER BY k.name, k.id`.execute(db.kysely);
  return res.rows.map((r) => r.row);
}

/** Configs linked to any of the components (live links), with the components each is linked to. */
export async function linkedConfigs(db: Db, componentIds: string[]): Promise<Array<{ id: string } & Record<string, unknown>>> {
  const res = await sql<{ row: { id: string } & Record<string, unknown> }>`
    WITH linked AS (
      SELECT r.config_id, array_agg(DISTINCT r.component_id) AS component_ids
      FROM config_component_relationships r WHERE r.deleted_at IS NULL AND r.component_id = ANY(${componentIds}::uuid[])
      GROUP BY r.config_id
    )
    SELECT jsonb_build_object(
             'id', ci.id, 'name', ci.name, 'type', ci.type, 'config_class', ci.config_class, 'status', ci.status,
             'health', ci.health, 'description', ci.description, 'labels', ci.labels, 'tags', ci.tags,
             'external_id', ci.external_id, 'created_at', ci.created_at, 'updated_at', ci.updated_at,
             'deleted_at', ci.deleted_at, 'config', ci.config, 'component_ids', l.component_ids
           ) AS row
    FROM linked l JOIN config_items ci ON ci.id = l.config_id
    ORDER BY ci.type, ci.name, ci.id`.execute(db.kysely);
  return res.rows.map((r) => r.row);
}

/** Changes of the configs created in [start, end), newest first. */
export async function configChanges(db: Db, configIds: string[], start: Date, end: Date): Promise<unknown[]> {
  if (!configIds.length) return [];
  const res = await sql<{ row: unknown }>`
    SELECT jsonb_build_object(
             'id', ch.id, 'config_id', ch.config_id, 'change_type', ch.change_type, 'severity', ch.severity,
             'source', ch.source, 'summary', ch.summary, 'details', ch.details, 'diff', ch.diff,
             'created_by', ch.created_by, 'external_created_by', ch.external_created_by,
             'created_at', ch.created_at, 'first_observed', ch.first_observed, 'count', ch.count
           ) AS row
    FROM config_changes ch
    WHERE ch.config_id = ANY(${configIds}::uuid[]) AND ch.created_at >= ${start} AND ch.created_at < ${end}
    ORDER BY ch.created_at DESC, ch.id
    LIMIT ${SNAPSHOT_CHANGES_LIMIT}`.execute(db.kysely);
  return res.rows.map((r) => r.row);
}
