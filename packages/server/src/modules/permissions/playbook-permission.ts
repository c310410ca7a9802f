// Whether Permission documents let a caller run (or approve) a playbook on a resource: the caller's permissions
// (as a person or through a team) whose actions cover the call and whose object selectors match the playbook
// and the run's resource. A matching deny wins over any allow; no match leaves the decision to the roles.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Principal } from '../identity/index.js';
import { coversAction, objectMatches, type Described, type ResourcesOfRun } from './permission-match.js';
import { permissionsOfPerson, type PermissionRow } from './permissions.repository.js';

export type PermissionDecision = 'allow' | 'deny' | 'none';
export type PlaybookPermissionAction = 'playbook:run' | 'playbook:approve';

/** The playbook a call is about. */
export interface PlaybookTarget {
  id: string;
  name: string;
  namespace: string;
}

/** The resource a run is on (at most one is set). */
export interface RunResourceRef {
  config_id?: string;
  component_id?: string;
  check_id?: string;
}

async function describe(db: Kysely<Database>, ref: RunResourceRef): Promise<ResourcesOfRun> {
  const one = async (q: ReturnType<typeof sql<Described>>) => (await q.execute(db)).rows[0];
  const out: ResourcesOfRun = {};
  if (ref.config_id) {
    out.configs = await one(sql<Described>`
      SELECT id::text AS id, coalesce(name, '') AS name, coalesce(tags ->> 'namespace', '') AS namespace, type
      FROM config_items WHERE id::text = ${ref.config_id}`);
  }
  if (ref.component_id) {
    out.components = await one(sql<Described>`
      SELECT id::text AS id, name, coalesce(namespace, '') AS namespace, coalesce(type, '') AS type
      FROM components WHERE id::text = ${ref.component_id}`);
  }
  if (ref.check_id) {
    out.checks = await one(sql<Described>`
      SELECT id::text AS id, name, coalesce(namespace, '') AS namespace, type FROM checks WHERE id::text = ${ref.check_id}`);
  }
  return out;
}

export type PlaybookDecision = { decision: PermissionDecision; permission?: PermissionRow };

/**
 * The decision for any playbook on one resource: the caller's permissions and the resource are read once, so a
 * menu of many playbooks costs two queries, not two per playbook.
 */
export async function playbookDecider(
  db: Kysely<Database>,
  principal: Principal,
  ref: RunResourceRef,
  action: PlaybookPermissionAction = 'playbook:run',
): Promise<(playbook: PlaybookTarget) => PlaybookDecision> {
  const mine = (await permissionsOfPerson(db, principal.id, principal.email)).filter((p) => coversAction(p.actions, action));
  if (mine.length === 0) return () => ({ decision: 'none' });
  const res = await describe(db, ref);
  return (playbook) => {
    const target = { id: playbook.id, name: playbook.name, namespace: playbook.namespace, type: '' };
    const matching = mine.filter((p) => objectMatches(p.object, target, res));
    const deny = matching.find((p) => p.deny);
    if (deny) return { decision: 'deny', permission: deny };
    const allow = matching.find((p) => !p.deny);
    return allow ? { decision: 'allow', permission: allow } : { decision: 'none' };
  };
}

/** The deciding permission (a deny before any allow) and its effect, so a refusal can name it. */
export async function explainPlaybookDecision(
  db: Kysely<Database>,
  principal: Principal,
  playbook: PlaybookTarget,
  ref: RunResourceRef,
  action: PlaybookPermissionAction = 'playbook:run',
): Promise<PlaybookDecision> {
  return (await playbookDecider(db, principal, ref, action))(playbook);
}
