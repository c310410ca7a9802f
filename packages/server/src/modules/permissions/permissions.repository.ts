// Rows of `permissions`: upsert by namespace and name, reads for `ops get`, soft delete, and the live
// permissions whose subject is a given person (directly, by e-mail, or through a team they belong to).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PermissionObject } from './permission-spec.js';

export interface PermissionRow {
  id: string;
  name: string;
  namespace: string;
  description: string | null;
  subject_person: string | null;
  subject_person_email: string | null;
  subject_team: string | null;
  team_name: string | null;
  actions: string[];
  deny: boolean;
  object: PermissionObject;
  source: string;
  created_at: Date;
  updated_at: Date;
}

export interface PermissionWrite {
  name: string;
  namespace: string;
  description: string | null;
  subjectPerson: string | null;
  subjectPersonEmail: string | null;
  subjectTeam: string | null;
  actions: string[];
  deny: boolean;
  object: PermissionObject;
  source: string;
}

const SELECT = sql`
  SELECT p.id::text AS id, p.name, p.namespace, p.description, p.subject_person::text AS subject_person, p.subject_person_email,
         p.subject_team::text AS subject_team, t.name AS team_name, p.actions, p.deny, p.object, p.source, p.created_at, p.updated_at
  FROM permissions p LEFT JOIN teams t ON t.id = p.subject_team`;

/** A person's id by e-mail, so a permission follows the person even if their e-mail changes later. */
export async function personIdByEmail(db: Kysely<Database>, email: string): Promise<string | null> {
  const r = await sql<{ id: string }>`
    SELECT id::text AS id FROM people WHERE lower(email) = lower(${email}) AND deleted_at IS NULL`.execute(db);
  return r.rows[0]?.id ?? null;
}

/** A live team's id by name (a team subject must exist when the permission is applied). */
export async function teamIdByName(db: Kysely<Database>, name: string): Promise<string | null> {
  const r = await sql<{ id: string }>`SELECT id::text AS id FROM teams WHERE name = ${name} AND deleted_at IS NULL`.execute(db);
  return r.rows[0]?.id ?? null;
}

/** Insert or update the live permission with this namespace and name. */
export async function upsertPermission(
  db: Kysely<Database>,
  w: PermissionWrite,
  createdBy: string | null,
): Promise<{ id: string; action: 'created' | 'updated' }> {
  const r = await sql<{ id: string; inserted: boolean }>`
    INSERT INTO permissions AS p (name, namespace, description, subject_person, subject_person_email, subject_team, actions, deny, object,
                                  source, created_by)
    VALUES (${w.name}, ${w.namespace}, ${w.description}, ${w.subjectPerson}, ${w.subjectPersonEmail}, ${w.subjectTeam},
            ${w.actions}::text[], ${w.deny}, ${JSON.stringify(w.object)}::jsonb, ${w.source}, ${createdBy})
    ON CONFLICT (namespace, name) WHERE deleted_at IS NULL DO UPDATE SET
      description = EXCLUDED.description, subject_person = EXCLUDED.subject_person, subject_person_email = EXCLUDED.subject_person_email,
      subject_team = EXCLUDED.subject_team, actions = EXCLUDED.actions, deny = EXCLUDED.deny, object = EXCLUDED.object,
      source = EXCLUDED.source, updated_at = now()
    RETURNING id::text AS id, (xmax = 0) AS inserted`.execute(db);
  const row = r.rows[0]!;
  return { id: row.id, action: row.inserted ? 'created' : 'updated' };
}

/** Live permissions, page by page, for `ops get permissions`. */
export async function listPermissions(
  db: Kysely<Database>,
  q: { namespace?: string; limit: number; offset: number },
): Promise<PermissionRow[]> {
  const ns = q.namespace === undefined ? sql`` : sql`AND p.namespace = ${q.namespace}`;
  return (
    await sql<PermissionRow>`${SELECT} WHERE p.deleted_at IS NULL ${ns} ORDER BY p.namespace, p.name LIMIT ${q.limit} OFFSET ${q.offset}`.execute(
      db,
    )
  ).rows;
}

/** One live permission by namespace and name. */
export async function permissionByName(db: Kysely<Database>, namespace: string, name: string): Promise<PermissionRow | undefined> {
  return (await sql<PermissionRow>`${SELECT} WHERE p.deleted_at IS NULL AND p.namespace = ${namespace} AND p.name = ${name}`.execute(db))
    .rows[0];
}

/** Soft delete, so who granted what stays readable. */
export async function softDeletePermission(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await sql`UPDATE permissions SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** Live permissions whose subject is this person: by id, by e-mail, or through membership of the subject team. */
export async function permissionsOfPerson(db: Kysely<Database>, personId: string, email: string | null): Promise<PermissionRow[]> {
  return (
    await sql<PermissionRow>`${SELECT}
      WHERE p.deleted_at IS NULL AND (
        p.subject_person::text = ${personId}
        OR (${email}::text IS NOT NULL AND lower(p.subject_person_email) = lower(${email}))
        OR p.subject_team IN (SELECT team_id FROM team_members WHERE person_id::text = ${personId}))
      ORDER BY p.deny DESC, p.namespace, p.name`.execute(db)
  ).rows;
}
