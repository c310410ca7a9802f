import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import { identityDb } from './identity-db.js';
import { hasSecondFactorSql } from './sessions.repository.js';

export interface PersonRow {
  id: string;
  name: string;
  email: string | null;
  roles: string[];
  state: string | null;
}

/** Data access for people, identities, credentials, sessions and tokens. */
export class IdentityRepository {
  constructor(readonly db: Db) {}

  async personById(id: string): Promise<PersonRow | undefined> {
    return this.personQuery().where('p.id', '=', id).executeTakeFirst();
  }

  async personByEmail(email: string): Promise<PersonRow | undefined> {
    return this.personQuery()
      .where(sql`lower(p.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  private personQuery() {
    return this.db.kysely
      .selectFrom('people as p')
      .leftJoin('identities as i', 'i.id', 'p.id')
      .where('p.deleted_at', 'is', null)
      .select([
        'p.id',
        'p.name',
        'p.email',
        'i.state',
        sql<string[]>`coalesce((select array_agg(pr.role) from person_roles pr where pr.person_id = p.id), '{}')`.as('roles'),
      ]);
  }

  async passwordHash(personId: string): Promise<string | undefined> {
    const row = await this.db.kysely
      .selectFrom('identity_credentials')
      .select('secret')
      .where('identity_id', '=', personId)
      .where('type', '=', 'password')
      .executeTakeFirst();
    return row?.secret;
  }

  async countPeople(): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('identities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Create a person with an identity, optional password hash and roles, in one transaction. */
  async createIdentity(input: {
    firstName: string;
    lastName: string;
    email: string;
    passwordHash?: string;
    roles: string[];
  }): Promise<string> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const name = `${input.firstName} ${input.lastName}`.trim();
      const person = await trx.insertInto('people').values({ name, email: input.email }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('identities')
        .values({ id: person.id, traits: JSON.stringify({ email: input.email, name: { first: input.firstName, last: input.lastName } }) })
        .execute();
      if (input.passwordHash) {
        await trx
          .insertInto('identity_credentials')
          .values({ identity_id: person.id, type: 'password', secret: input.passwordHash, config: '{}' })
          .execute();
      }
      if (input.roles.length) {
        await trx
          .insertInto('person_roles')
          .values(input.roles.map((role) => ({ person_id: person.id, role })))
          .execute();
      }
      return person.id;
    });
  }

  async deleteExpiredSessions(now: Date): Promise<number> {
    const res = await this.db.kysely.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /**
   * Sign-in leftovers: flows (and their codes) a day past expiry, expired invitations and codes, flow
   * errors older than a week, rate-limit counters older than a day, expired organisation tokens.
   */
  async deleteStaleSignInData(now: Date): Promise<number> {
    const day = new Date(now.getTime() - 86_400_000);
    const week = new Date(now.getTime() - 7 * 86_400_000);
    const k = identityDb(this.db);
    const results = await Promise.all([
      k.deleteFrom('self_service_flows').where('expires_at', '<', day).executeTakeFirst(),
      k.deleteFrom('identity_codes').where('expires_at', '<', day).executeTakeFirst(),
      k.deleteFrom('self_service_errors').where('created_at', '<', week).executeTakeFirst(),
      k.deleteFrom('auth_attempts').where('window_start', '<', day).executeTakeFirst(),
      k.deleteFrom('access_tokens').where('organization_id', 'is not', null).where('expires_at', '<', now).executeTakeFirst(),
    ]);
    return results.reduce((n, r) => n + Number(r.numDeletedRows), 0);
  }

  async tokenOwner(valueHash: string): Promise<{ person_id: string; agent_id: string | null } | undefined> {
    const row = await this.db.kysely
      .updateTable('access_tokens')
      .set({ last_used_at: new Date() })
      .where('value_hash', '=', valueHash)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .returning(['person_id', 'agent_id'])
      .executeTakeFirst();
    return row;
  }

  /** Whether a person has a second factor; Basic auth is refused for them (use a token). */
  async hasSecondFactor(personId: string): Promise<boolean> {
    const row = await sql<{ yes: boolean }>`select ${hasSecondFactorSql(personId)} as yes`.execute(this.db.kysely);
    return Boolean(row.rows[0]?.yes);
  }

  async insertToken(input: {
    name: string;
    valueHash: string;
    personId: string;
    agentId?: string | null;
    createdBy?: string | null;
    expiresAt?: Date | null;
  }): Promise<string> {
    const row = await this.db.kysely
      .insertInto('access_tokens')
      .values({
        name: input.name,
        value_hash: input.valueHash,
        person_id: input.personId,
        agent_id: input.agentId ?? null,
        created_by: input.createdBy ?? null,
        expires_at: input.expiresAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
