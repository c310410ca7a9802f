// `Permission` (mission-control.flanksource.com/v1) in `POST /api/resources/apply`, `ops apply` and `ops get
// permissions`: validated (errors name the field), the subject resolved (a person by e-mail, kept by e-mail too
// so it may be applied before the person signs in; a team by name), upserted by namespace and name. Writing
// permissions is the `rbac` resource: admins only.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { Principal } from '../identity/index.js';
import { PERMISSION_API_VERSION, PERMISSION_KIND, permissionDocumentSchema, type PermissionDocument } from './permission-spec.js';
import {
  listPermissions,
  permissionByName,
  personIdByEmail,
  softDeletePermission,
  teamIdByName,
  upsertPermission,
  type PermissionRow,
} from './permissions.repository.js';

/** Source of permissions written by apply. */
export const PERMISSION_APPLY_SOURCE = 'apply';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toResource(p: PermissionRow) {
  const subject = p.subject_team ? { team: p.team_name ?? p.subject_team } : { person: p.subject_person_email ?? p.subject_person };
  return {
    apiVersion: PERMISSION_API_VERSION,
    kind: PERMISSION_KIND,
    metadata: {
      name: p.name,
      namespace: p.namespace,
      uid: p.id,
      createdAt: new Date(p.created_at).toISOString(),
      updatedAt: new Date(p.updated_at).toISOString(),
    },
    spec: { ...(p.description ? { description: p.description } : {}), subject, actions: p.actions, deny: p.deny, object: p.object },
    status: { source: p.source },
  };
}

// A person subject is an e-mail or a person id; a team subject must name a live team.
async function resolveSubject(db: Kysely<Database>, subject: PermissionDocument['spec']['subject']) {
  if (subject.team) {
    const team = await teamIdByName(db, subject.team);
    if (!team) throw new HttpError(400, `spec.subject.team: no team named ${subject.team}`);
    return { subjectPerson: null, subjectPersonEmail: null, subjectTeam: team };
  }
  const person = subject.person!;
  if (UUID.test(person)) {
    const r = await db.selectFrom('people').select('id').where('id', '=', person).where('deleted_at', 'is', null).executeTakeFirst();
    if (!r) throw new HttpError(400, `spec.subject.person: no person with id ${person}`);
    return { subjectPerson: person, subjectPersonEmail: null, subjectTeam: null };
  }
  if (!person.includes('@')) throw new HttpError(400, `spec.subject.person: must be an e-mail address or a person id, got ${person}`);
  return { subjectPerson: await personIdByEmail(db, person), subjectPersonEmail: person, subjectTeam: null };
}

/** The Permission kind for the apply registry (resources/kinds.ts wraps it with defineKind). */
export function permissionKind() {
  return {
    kind: PERMISSION_KIND,
    apiVersions: [PERMISSION_API_VERSION],
    aliases: ['permission', 'permissions'],
    resource: 'rbac' as const,
    namespaced: true,
    supported: true as const,
    schema: permissionDocumentSchema as z.ZodType<PermissionDocument>,
    columns: [
      { header: 'SUBJECT', path: 'spec.subject' },
      { header: 'ACTIONS', path: 'spec.actions' },
      { header: 'DENY', path: 'spec.deny' },
      { header: 'UPDATED', path: 'metadata.updatedAt' },
    ],
    async apply(doc: PermissionDocument, principal: Principal, db: Kysely<Database>) {
      const { metadata, spec } = doc;
      const namespace = metadata.namespace ?? 'default';
      const { id, action } = await upsertPermission(
        db,
        {
          name: metadata.name,
          namespace,
          description: spec.description?.trim() || null,
          ...(await resolveSubject(db, spec.subject)),
          actions: spec.actions,
          deny: spec.deny ?? false,
          object: spec.object,
          source: PERMISSION_APPLY_SOURCE,
        },
        principal.id,
      );
      return { kind: PERMISSION_KIND, name: metadata.name, namespace, id, action };
    },
    async list(db: Kysely<Database>, query: { namespace?: string; limit: number; offset: number }) {
      return (await listPermissions(db, query)).map(toResource);
    },
    async get(db: Kysely<Database>, name: string, namespace?: string) {
      const p = await permissionByName(db, namespace ?? 'default', name);
      return p && toResource(p);
    },
    async delete(db: Kysely<Database>, name: string, namespace: string | undefined) {
      const p = await permissionByName(db, namespace ?? 'default', name);
      return !!p && (await softDeletePermission(db, p.id));
    },
  };
}
