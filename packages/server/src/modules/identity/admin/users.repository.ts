import { sql } from 'kysely';
import type { UserRow } from '@ops/shared';
import type { Db } from '../../../db/pool.js';
import { identityDb, type IdentityKysely } from '../identity-db.js';

type Row = Omit<UserRow, 'state_changed_at' | 'created_at' | 'updated_at'> & { state_changed_at: Date; created_at: Date; updated_at: Date };

const toUser = (r: Row): UserRow => ({
  ...r,
  traits: r.traits ?? {},
  state_changed_at: r.state_changed_at.toISOString(),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The Users page's data: identities with their people rows and roles. */
export class UsersRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  private base() {
    return this.k
      .selectFrom('identities as i')
      .innerJoin('people as p', 'p.id', 'i.id')
      .where('p.deleted_at', 'is', null)
      .select(['i.id', 'i.traits', 'i.state', 'i.state_changed_at', 'i.created_at', 'i.updated_at', 'p.name', 'p.email'])
      .select(
        sql<string[]>`coalesce((select array_agg(pr.role order by pr.role) from person_roles pr where pr.person_id = p.id), '{}')`.as(
          'roles',
        ),
      );
  }

  /** A page of users, newest first; `search` matches name or e-mail. */
  async list(q: { limit: number; offset: number; search?: string }): Promise<{ rows: UserRow[]; total: number }> {
    let query = this.base();
    let count = this.k
      .selectFrom('identities as i')
      .innerJoin('people as p', 'p.id', 'i.id')
      .where('p.deleted_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (q.search) {
      const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('p.email', 'ilike', like)]));
      count = count.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('p.email', 'ilike', like)]));
    }
    const [rows, total] = await Promise.all([
      query.orderBy('i.created_at', 'desc').orderBy('i.id').limit(q.limit).offset(q.offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => toUser(r as Row)), total: Number(total.n) };
  }

  async get(id: string): Promise<UserRow | undefined> {
    const row = await this.base().where('i.id', '=', id).executeTakeFirst();
    return row ? toUser(row as Row) : undefined;
  }

  /** Replace a person's roles. */
  async setRoles(personId: string, roles: string[]): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.deleteFrom('person_roles').where('person_id', '=', personId).execute();
      if (roles.length)
        await trx
          .insertInto('person_roles')
          .values(roles.map((role) => ({ person_id: personId, role })))
          .execute();
    });
  }

  async setState(id: string, state: 'active' | 'inactive'): Promise<void> {
    await this.k
      .updateTable('identities')
      .set({ state, state_changed_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('state', '<>', state)
      .execute();
  }

  /** Soft delete: the person is marked deleted, the identity inactive, and their tokens go. */
  async softDelete(id: string): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      await trx.updateTable('people').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute();
      await trx
        .updateTable('identities')
        .set({ state: 'inactive', state_changed_at: new Date(), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('access_tokens').where('person_id', '=', id).where('agent_id', 'is', null).execute();
    });
  }

  /** Active admins other than `exceptId`: the last one may not be demoted, deactivated or deleted. */
  async otherActiveAdmins(exceptId: string): Promise<number> {
    const row = await this.k
      .selectFrom('person_roles as pr')
      .innerJoin('people as p', 'p.id', 'pr.person_id')
      .innerJoin('identities as i', 'i.id', 'pr.person_id')
      .where('pr.role', '=', 'admin')
      .where('p.deleted_at', 'is', null)
      .where('i.state', '=', 'active')
      .where('pr.person_id', '<>', exceptId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
