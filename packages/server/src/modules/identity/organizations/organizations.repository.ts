import type { Db } from '../../../db/pool.js';
import { identityDb, type IdentityKysely } from '../identity-db.js';

export interface OrgRow {
  id: string;
  name: string;
  slug: string;
  backend_url: string | null;
  role: 'owner' | 'member';
}

/** Organisations and their members (organisation mode). */
export class OrganizationsRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  private memberships() {
    return this.k
      .selectFrom('organizations as o')
      .innerJoin('organization_members as m', 'm.organization_id', 'o.id')
      .select(['o.id', 'o.name', 'o.slug', 'o.backend_url', 'm.role']);
  }

  async listFor(personId: string): Promise<OrgRow[]> {
    return this.memberships().where('m.person_id', '=', personId).orderBy('o.name').execute();
  }

  /** The organisation if the person is a member of it. */
  async membership(personId: string, organizationId: string): Promise<OrgRow | undefined> {
    return this.memberships().where('m.person_id', '=', personId).where('o.id', '=', organizationId).executeTakeFirst();
  }

  /** Create an organisation with its owner; the slug gets a numeric suffix when taken. */
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
      await trx.insertInto('organization_members').values({ organization_id: org.id, person_id: ownerId, role: 'owner' }).execute();
      return { ...org, role: 'owner' as const };
    });
  }

  async addMember(organizationId: string, personId: string): Promise<void> {
    await this.k
      .insertInto('organization_members')
      .values({ organization_id: organizationId, person_id: personId, role: 'member' })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
