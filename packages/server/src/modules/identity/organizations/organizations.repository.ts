import type { OrganizationInvitation } from '@ops/shared';
import type { Db } from '../../../db/pool.js';
import { identityDb, type IdentityKysely } from '../identity-db.js';

export interface OrgRow {
  id: string;
  name: string;
  slug: string;
  backend_url: string | null;
  role: 'owner' | 'member';
}

/**
 * Organisations and their members (organisation mode). A membership is pending (`accepted_at` null)
 * until its person accepts it; only accepted memberships are listed, selectable or get tokens.
 */
export class OrganizationsRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  private accepted() {
    return this.k
      .selectFrom('organizations as o')
      .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
      .select(['o.id', 'o.name', 'o.slug', 'o.backend_url', 'm.role'])
      .where('m.accepted_at', 'is not', null);
  }

  /** The organisations the person accepted (the picker's choices). */
  async listFor(personId: string): Promise<OrgRow[]> {
    return this.accepted().where('m.person_id', '=', personId).orderBy('o.name').execute();
  }

  /** The organisation if the person is an accepted member of it. */
  async membership(personId: string, organizationId: string): Promise<OrgRow | undefined> {
    return this.accepted().where('m.person_id', '=', personId).where('o.id', '=', organizationId).executeTakeFirst();
  }

  /** Invitations waiting for the person's answer, newest first. */
  async pendingFor(personId: string, organizationId?: string): Promise<OrganizationInvitation[]> {
    let q = this.k
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .leftJoin('people as p', 'p.id', 'm.invited_by')
      .select(['o.id', 'o.name', 'o.slug', 'o.backend_url', 'm.role', 'm.created_at', 'p.name as inviter'])
      .where('m.person_id', '=', personId)
      .where('m.accepted_at', 'is', null);
    if (organizationId) q = q.where('o.id', '=', organizationId);
    const rows = await q.orderBy('m.created_at', 'desc').execute();
    return rows.map((r) => ({
      organization: { id: r.id, name: r.name, slug: r.slug, backend_url: r.backend_url },
      role: r.role,
      invited_by: r.inviter ?? null,
      invited_at: new Date(r.created_at).toISOString(),
    }));
  }

  /** Accept a pending invitation; false when there is none for this person and organisation. */
  async accept(personId: string, organizationId: string): Promise<boolean> {
    const res = await this.k
      .updateTable('organization_members')
      .set({ accepted_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('person_id', '=', personId)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Decline (delete) a pending invitation; false when there is none. */
  async decline(personId: string, organizationId: string): Promise<boolean> {
    const res = await this.k
      .deleteFrom('organization_members')
      .where('organization_id', '=', organizationId)
      .where('person_id', '=', personId)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /** Create an organisation with its owner (accepted: they made it); the slug gets a numeric suffix when taken. */
  async create(name: string, backendUrl: string | null, ownerId: string): Promise<OrgRow> {
    return this.k.transaction().execute(async (trx) => {
      const base =
        name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 50) || 'org';
      const taken = new Set(
        (await trx.selectFrom('organizations').select('slug').where('slug', 'like', `${base}%`).execute()).map((r) => r.slug),
      );
      let slug = base;
      for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
      const org = await trx
        .insertInto('organizations')
        .values({ name, slug, backend_url: backendUrl, created_by: ownerId })
        .returning(['id', 'name', 'slug', 'backend_url'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('organization_members')
        .values({ organization_id: org.id, person_id: ownerId, role: 'owner', accepted_at: new Date(), invited_by: null })
        .execute();
      return { ...org, role: 'owner' as const };
    });
  }

  /** Rename or move an organisation; the caller checked that it may. */
  async update(organizationId: string, patch: { name?: string; backend_url?: string | null }): Promise<void> {
    if (patch.name === undefined && patch.backend_url === undefined) return;
    await this.k
      .updateTable('organizations')
      .set({ ...patch, updated_at: new Date() })
      .where('id', '=', organizationId)
      .execute();
  }

  /** Invite a person: a pending membership they must accept. Existing memberships stay as they are. */
  async addMember(organizationId: string, personId: string, invitedBy: string): Promise<void> {
    await this.k
      .insertInto('organization_members')
      .values({ organization_id: organizationId, person_id: personId, role: 'member', accepted_at: null, invited_by: invitedBy })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
