import type { AccessTokenRow, OrganizationTokenRef } from '@ops/shared';
import type { Db } from '../../db/pool.js';
import { identityDb, type IdentityKysely } from './identity-db.js';
import { hashSecret, newSecret } from './tokens.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * A person's own tokens: personal access tokens and the short-lived organisation tokens the web mints for
 * an organisation's backend (never agent tokens). Values are stored as sha256 only.
 */
export class AccessTokensRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  private own(personId: string) {
    return this.k
      .selectFrom('access_tokens as t')
      .leftJoin('organizations as o', 'o.id', 't.organization_id')
      .select(['t.id', 't.name', 't.created_at', 't.expires_at', 't.last_used_at', 't.organization_id', 'o.name as organization_name'])
      .where('t.person_id', '=', personId)
      .where('t.agent_id', 'is', null)
      .where((eb) => eb.or([eb('t.organization_id', 'is', null), eb('t.expires_at', '>', new Date())]));
  }

  /** The person's tokens, personal and (live) organisation ones, newest first; the list of the tokens page. */
  async listOwn(personId: string, id?: string): Promise<AccessTokenRow[]> {
    let q = this.own(personId);
    if (id) q = q.where('t.id', '=', id);
    const rows = await q.orderBy('t.created_at', 'desc').execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      created_at: new Date(r.created_at).toISOString(),
      expires_at: iso(r.expires_at),
      last_used_at: iso(r.last_used_at),
      organization: r.organization_id ? { id: r.organization_id, name: r.organization_name ?? '' } : null,
    }));
  }

  async getOwn(personId: string, id: string): Promise<AccessTokenRow | undefined> {
    return (await this.listOwn(personId, id))[0];
  }

  /** Revoke one of the person's own tokens (personal or organisation); false when it is not theirs. */
  async revokeOwn(personId: string, id: string): Promise<boolean> {
    const res = await this.k
      .deleteFrom('access_tokens')
      .where('id', '=', id)
      .where('person_id', '=', personId)
      .where('agent_id', 'is', null)
      .executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  /** Remove a person's expired organisation tokens (one is minted per browser tab and organisation). */
  async deleteExpiredOrgTokens(personId: string): Promise<void> {
    await this.k
      .deleteFrom('access_tokens')
      .where('person_id', '=', personId)
      .where('organization_id', 'is not', null)
      .where('expires_at', '<', new Date())
      .execute();
  }

  /** Mint an organisation token in one insert (hash only); the clear value is returned once. */
  async createOrgToken(input: {
    personId: string;
    organizationId: string;
    name: string;
    expiresAt: Date;
  }): Promise<{ id: string; token: string }> {
    const token = newSecret('ops_t');
    const row = await this.k
      .insertInto('access_tokens')
      .values({
        name: input.name,
        value_hash: hashSecret(token),
        person_id: input.personId,
        agent_id: null,
        created_by: input.personId,
        expires_at: input.expiresAt,
        organization_id: input.organizationId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, token };
  }

  /** The person's live tokens for an organisation (ids and expiry): what a client may keep using. */
  async liveOrgTokens(personId: string, organizationId: string): Promise<OrganizationTokenRef[]> {
    const rows = await this.k
      .selectFrom('access_tokens')
      .select(['id', 'expires_at'])
      .where('person_id', '=', personId)
      .where('organization_id', '=', organizationId)
      .where('expires_at', '>', new Date())
      .orderBy('expires_at', 'desc')
      .execute();
    return rows.map((r) => ({ id: r.id, expires_at: new Date(r.expires_at!).toISOString() }));
  }

  /** Revoke every token of an organisation (its backend moved), or only one person's (they left it). */
  async revokeOrgTokens(organizationId: string, personId?: string): Promise<void> {
    let q = this.k.deleteFrom('access_tokens').where('organization_id', '=', organizationId);
    if (personId) q = q.where('person_id', '=', personId);
    await q.execute();
  }
}
