import type { AccessTokenRow } from '@ops/shared';
import type { Db } from '../../db/pool.js';
import { identityDb, type IdentityKysely } from './identity-db.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A person's personal access tokens (not agent or organisation tokens); values are stored as sha256 only. */
export class AccessTokensRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  async listPersonal(personId: string): Promise<AccessTokenRow[]> {
    const rows = await this.k
      .selectFrom('access_tokens')
      .select(['id', 'name', 'created_at', 'expires_at', 'last_used_at'])
      .where('person_id', '=', personId)
      .where('agent_id', 'is', null)
      .where('organization_id', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      created_at: new Date(r.created_at).toISOString(),
      expires_at: iso(r.expires_at),
      last_used_at: iso(r.last_used_at),
    }));
  }

  async getPersonal(personId: string, id: string): Promise<AccessTokenRow | undefined> {
    return (await this.listPersonal(personId)).find((t) => t.id === id);
  }

  /** Revoke one of the person's own tokens; false when it is not theirs. */
  async revokePersonal(personId: string, id: string): Promise<boolean> {
    const res = await this.k
      .deleteFrom('access_tokens')
      .where('id', '=', id)
      .where('person_id', '=', personId)
      .where('agent_id', 'is', null)
      .where('organization_id', 'is', null)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /** Remove a person's expired organisation tokens (they pile up with every organisation switch). */
  async deleteExpiredOrgTokens(personId: string): Promise<void> {
    await this.k
      .deleteFrom('access_tokens')
      .where('person_id', '=', personId)
      .where('organization_id', 'is not', null)
      .where('expires_at', '<', new Date())
      .execute();
  }

  async setOrganization(tokenId: string, organizationId: string): Promise<void> {
    await this.k.updateTable('access_tokens').set({ organization_id: organizationId }).where('id', '=', tokenId).execute();
  }
}
