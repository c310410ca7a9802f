import type { Db } from '../../../db/pool.js';
import { identityDb, type IdentityKysely } from '../identity-db.js';

/** Social sign-in links (provider + subject → identity). */
export class OidcLinksRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  async identityOf(provider: string, subject: string): Promise<string | undefined> {
    const row = await this.k
      .selectFrom('identity_oidc_links')
      .select('identity_id')
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.identity_id;
  }

  async providersOf(identityId: string): Promise<string[]> {
    const rows = await this.k.selectFrom('identity_oidc_links').select('provider').where('identity_id', '=', identityId).execute();
    return rows.map((r) => r.provider);
  }

  async link(provider: string, subject: string, identityId: string, email: string | null): Promise<void> {
    await this.k
      .insertInto('identity_oidc_links')
      .values({ provider, subject, identity_id: identityId, email })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async unlink(identityId: string, provider: string): Promise<boolean> {
    const res = await this.k
      .deleteFrom('identity_oidc_links')
      .where('identity_id', '=', identityId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
