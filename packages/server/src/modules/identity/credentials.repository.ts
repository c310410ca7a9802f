import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import { identityDb, type IdentityKysely } from './identity-db.js';

export interface IdentityRecord {
  id: string;
  traits: { email?: string; name?: { first?: string; last?: string } };
  state: 'active' | 'inactive';
  state_changed_at: Date;
  created_at: Date;
  updated_at: Date;
  email_verified_at: Date | null;
  email: string | null;
  name: string;
  deleted: boolean;
}

export type CredentialType = 'password' | 'totp' | 'lookup_secret';

export interface Credential {
  type: CredentialType;
  secret: string;
  config: Record<string, unknown>;
}

/** Identities (traits, state, verification) and their credentials in identity_credentials. */
export class CredentialsRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  async identity(id: string): Promise<IdentityRecord | undefined> {
    const row = await this.k
      .selectFrom('identities as i')
      .innerJoin('people as p', 'p.id', 'i.id')
      .select([
        'i.id',
        'i.traits',
        'i.state',
        'i.state_changed_at',
        'i.created_at',
        'i.updated_at',
        'i.email_verified_at',
        'p.email',
        'p.name',
      ])
      .select(sql<boolean>`p.deleted_at is not null`.as('deleted'))
      .where('i.id', '=', id)
      .executeTakeFirst();
    return row as IdentityRecord | undefined;
  }

  /** An active, not deleted identity by e-mail (case-insensitive). */
  async activeIdByEmail(email: string): Promise<string | undefined> {
    const row = await this.k
      .selectFrom('people as p')
      .innerJoin('identities as i', 'i.id', 'p.id')
      .select('p.id')
      .where(sql`lower(p.email)`, '=', email.trim().toLowerCase())
      .where('p.deleted_at', 'is', null)
      .where('i.state', '=', 'active')
      .executeTakeFirst();
    return row?.id;
  }

  async credential(identityId: string, type: CredentialType): Promise<Credential | undefined> {
    const row = await this.k
      .selectFrom('identity_credentials')
      .select(['type', 'secret', 'config'])
      .where('identity_id', '=', identityId)
      .where('type', '=', type)
      .executeTakeFirst();
    return row as Credential | undefined;
  }

  async credentialTypes(identityId: string): Promise<CredentialType[]> {
    const rows = await this.k.selectFrom('identity_credentials').select('type').where('identity_id', '=', identityId).execute();
    return rows.map((r) => r.type as CredentialType);
  }

  async putCredential(identityId: string, type: CredentialType, secret: string, config: Record<string, unknown> = {}): Promise<void> {
    await this.k
      .insertInto('identity_credentials')
      .values({ identity_id: identityId, type, secret, config: JSON.stringify(config) })
      .onConflict((oc) =>
        oc.columns(['identity_id', 'type']).doUpdateSet({ secret, config: JSON.stringify(config), updated_at: new Date() }),
      )
      .execute();
  }

  async deleteCredential(identityId: string, type: CredentialType): Promise<void> {
    await this.k.deleteFrom('identity_credentials').where('identity_id', '=', identityId).where('type', '=', type).execute();
  }

  /**
   * Move a TOTP credential's last accepted time step forward; false when the step was already used
   * (a replayed code), atomically.
   */
  async advanceTotpStep(identityId: string, step: number): Promise<boolean> {
    const res = await this.k
      .updateTable('identity_credentials')
      .set({ config: sql`jsonb_set(config, '{last_step}', to_jsonb(${step}::bigint))`, updated_at: new Date() })
      .where('identity_id', '=', identityId)
      .where('type', '=', 'totp')
      .where(sql<boolean>`coalesce((config->>'last_step')::bigint, -1) < ${step}::bigint`)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Mark backup code `index` used, once: false when it was used already (single use, atomically). */
  async useLookupCode(identityId: string, index: number, usedAt: string): Promise<boolean> {
    const res = await this.k
      .updateTable('identity_credentials')
      .set({ config: sql`jsonb_set(config, ${sql.lit(`{codes,${index},used_at}`)}, to_jsonb(${usedAt}::text))`, updated_at: new Date() })
      .where('identity_id', '=', identityId)
      .where('type', '=', 'lookup_secret')
      .where(sql<boolean>`config->'codes'->${index}::int->>'used_at' is null`)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Update profile traits, keeping people.name/email in step; a new e-mail is unverified again. */
  async updateTraits(identityId: string, traits: { email: string; name: { first?: string; last?: string } }): Promise<void> {
    await this.k.transaction().execute(async (trx) => {
      const name = `${traits.name.first ?? ''} ${traits.name.last ?? ''}`.trim() || traits.email;
      const before = await trx.selectFrom('people').select('email').where('id', '=', identityId).executeTakeFirst();
      const changed = (before?.email ?? '').toLowerCase() !== traits.email.toLowerCase();
      await trx.updateTable('people').set({ name, email: traits.email, updated_at: new Date() }).where('id', '=', identityId).execute();
      await trx
        .updateTable('identities')
        .set({ traits: JSON.stringify(traits), updated_at: new Date(), ...(changed ? { email_verified_at: null } : {}) })
        .where('id', '=', identityId)
        .execute();
    });
  }

  async markEmailVerified(identityId: string): Promise<void> {
    await this.k.updateTable('identities').set({ email_verified_at: new Date() }).where('id', '=', identityId).execute();
  }

  /** Whether an e-mail belongs to a person other than `exceptId` (not deleted). */
  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    let q = this.k
      .selectFrom('people')
      .select('id')
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .where('deleted_at', 'is', null);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return Boolean(await q.executeTakeFirst());
  }
}
