// GET /api/playbook/run/{id} as PostgreSQL renders it: the run, its playbook and resource, every action
// attempt by position and attempt, the approval rule, who approved, and whether the caller may approve
// now. Secret parameters are masked; the text goes out as it is.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The masked value of a secret parameter. */
export const SECRET_PARAM_MASK = '********';

// The elements of a jsonb array at a path of the run's spec as text rows (none when it is not an array).
const specList = (path: string[]): RawBuilder<unknown> =>
  sql`jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.spec #> ${path}) = 'array' THEN r.spec #> ${path} ELSE '[]'::jsonb END)`;

const person = (alias: string) =>
  sql`json_build_object('id', ${sql.ref(`${alias}.id`)}, 'name', ${sql.ref(`${alias}.name`)}, 'email', ${sql.ref(`${alias}.email`)}, 'avatar', ${sql.ref(`${alias}.avatar`)})`;

/** The run as the run page reads it (JSON text), or undefined when there is no such run. */
export async function runDetailJson(db: Kysely<Database>, runId: string, callerId: string): Promise<string | undefined> {
  const me = UUID.test(callerId) ? callerId : null;
  const { rows } = await sql<{ body: string }>`
    SELECT json_build_object(
      'id', r.id, 'playbook_id', r.playbook_id, 'status', r.status,
      'parameters', (SELECT coalesce(jsonb_object_agg(e.k, CASE WHEN EXISTS (
                        SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.spec -> 'parameters') = 'array' THEN r.spec -> 'parameters' ELSE '[]'::jsonb END) d
                        WHERE d ->> 'name' = e.k AND d ->> 'type' = 'secret') THEN to_jsonb(${SECRET_PARAM_MASK}::text) ELSE e.v END), '{}'::jsonb)
                     FROM jsonb_each(CASE WHEN jsonb_typeof(r.parameters) = 'object' THEN r.parameters ELSE '{}'::jsonb END) AS e(k, v)),
      'trigger', r.trigger, 'error', r.error, 'created_at', r.created_at, 'scheduled_time', r.scheduled_time,
      'start_time', r.start_time, 'end_time', r.end_time,
      'component_id', r.component_id, 'config_id', r.config_id, 'check_id', r.check_id, 'parent_id', r.parent_id,
      'created_by', (SELECT ${person('p')} FROM people p WHERE p.id = r.created_by),
      'playbook', json_build_object('id', pb.id, 'name', pb.name, 'title', pb.title, 'icon', pb.icon, 'category', pb.category),
      'component', (SELECT json_build_object('id', c.id, 'name', c.name, 'type', c.type, 'icon', c.icon) FROM components c WHERE c.id = r.component_id),
      'config', (SELECT json_build_object('id', ci.id, 'name', ci.name, 'type', ci.type) FROM config_items ci WHERE ci.id = r.config_id),
      'check', (SELECT json_build_object('id', k.id, 'name', k.name, 'type', k.type, 'canary_id', k.canary_id) FROM checks k WHERE k.id = r.check_id),
      'actions', coalesce((
        SELECT json_agg(json_build_object(
                 'id', a.id, 'playbook_run_id', a.playbook_run_id, 'name', a.name, 'position', a.position, 'attempt', a.attempt,
                 'status', a.status, 'scheduled_time', a.scheduled_time, 'start_time', a.start_time, 'end_time', a.end_time,
                 'error', a.error) ORDER BY a.position, a.attempt)
        FROM playbook_run_actions a WHERE a.playbook_run_id = r.id), '[]'::json),
      'approval', CASE WHEN jsonb_typeof(r.spec -> 'approval') = 'object' THEN json_build_object(
        'type', CASE WHEN r.spec #>> '{approval,type}' = 'all' THEN 'all' ELSE 'any' END,
        'people', (SELECT coalesce(json_agg(v), '[]'::json) FROM ${specList(['approval', 'approvers', 'people'])} AS x(v)),
        'teams', (SELECT coalesce(json_agg(v), '[]'::json) FROM ${specList(['approval', 'approvers', 'teams'])} AS x(v))) END,
      'approvals', coalesce((
        SELECT json_agg(json_build_object('person', ${person('p')}, 'created_at', ap.created_at) ORDER BY ap.created_at, ap.id)
        FROM playbook_approvals ap JOIN people p ON p.id = ap.person_id WHERE ap.run_id = r.id), '[]'::json),
      'can_approve', r.status = 'pending_approval' AND ${me}::uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM playbook_approvals ap WHERE ap.run_id = r.id AND ap.person_id = ${me}::uuid)
        AND (EXISTS (SELECT 1 FROM people p, ${specList(['approval', 'approvers', 'people'])} AS x(v)
                     WHERE p.id = ${me}::uuid AND (x.v = p.id::text OR lower(x.v) = lower(p.email) OR x.v = p.name))
          OR EXISTS (SELECT 1 FROM team_members tm JOIN teams t ON t.id = tm.team_id AND t.deleted_at IS NULL,
                            ${specList(['approval', 'approvers', 'teams'])} AS x(v)
                     WHERE tm.person_id = ${me}::uuid AND (x.v = t.id::text OR x.v = t.name)))
    )::text AS body
    FROM playbook_runs r JOIN playbooks pb ON pb.id = r.playbook_id
    WHERE r.id = ${runId}::uuid`.execute(db);
  return rows[0]?.body;
}
