import type { Db } from '../../../db/pool.js';
import { identityDb, type IdentityKysely } from '../identity-db.js';

export interface WebAuthnKey {
  id: string;
  identity_id: string;
  public_key: Buffer;
  counter: number;
  transports: string[];
  display_name: string;
  created_at: Date;
}

/** Registered WebAuthn credentials (hardware keys, platform authenticators). */
export class WebAuthnRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  async list(identityId: string): Promise<WebAuthnKey[]> {
    return this.k
      .selectFrom('webauthn_credentials')
      .select(['id', 'identity_id', 'public_key', 'counter', 'transports', 'display_name', 'created_at'])
      .where('identity_id', '=', identityId)
      .orderBy('created_at')
      .execute();
  }

  async add(key: Omit<WebAuthnKey, 'created_at'>): Promise<void> {
    await this.k.insertInto('webauthn_credentials').values(key).execute();
  }

  async exists(id: string): Promise<boolean> {
    return Boolean(await this.k.selectFrom('webauthn_credentials').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Store the new signature counter after a sign-in. */
  async used(id: string, counter: number): Promise<void> {
    await this.k.updateTable('webauthn_credentials').set({ counter, last_used_at: new Date() }).where('id', '=', id).execute();
  }

  /** Remove one key of an identity; false when it is not theirs. */
  async remove(identityId: string, id: string): Promise<boolean> {
    const res = await this.k
      .deleteFrom('webauthn_credentials')
      .where('identity_id', '=', identityId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }
}
