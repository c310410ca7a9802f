import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import { identityDb, type IdentityKysely, type SessionMethod } from './identity-db.js';

export interface SessionRow {
  id: string;
  id_hash: string;
  person_id: string;
  aal: 'aal1' | 'aal2';
  methods: SessionMethod[];
  created_at: Date;
  authenticated_at: Date;
  expires_at: Date;
  organization_id: string | null;
  /** Whether the identity has a second factor (then only aal2 sessions are valid for the API). */
  needs_aal2: boolean;
}

export interface NewSession {
  idHash: string;
  personId: string;
  expiresAt: Date;
  aal: 'aal1' | 'aal2';
  methods: SessionMethod[];
  authenticatedAt: Date;
  organizationId?: string | null;
}

/** Whether a person has any second factor: TOTP, backup codes or a WebAuthn key. */
export const hasSecondFactorSql = (personId: ReturnType<typeof sql.ref> | string) =>
  sql<boolean>`(exists (select 1 from identity_credentials c where c.identity_id = ${personId} and c.type in ('totp', 'lookup_secret'))
    or exists (select 1 from webauthn_credentials w where w.identity_id = ${personId}))`;

/** Sign-in sessions, stored by the sha256 of their cookie value or session token. */
export class SessionsRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  async insert(s: NewSession): Promise<string> {
    const row = await this.k
      .insertInto('sessions')
      .values({
        id_hash: s.idHash,
        person_id: s.personId,
        expires_at: s.expiresAt,
        aal: s.aal,
        methods: JSON.stringify(s.methods),
        authenticated_at: s.authenticatedAt,
        organization_id: s.organizationId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A live (unexpired) session by hash, with whether its identity needs aal2. */
  async byHash(idHash: string): Promise<SessionRow | undefined> {
    const row = await this.k
      .selectFrom('sessions as s')
      .select([
        's.id',
        's.id_hash',
        's.person_id',
        's.aal',
        's.methods',
        's.created_at',
        's.authenticated_at',
        's.expires_at',
        's.organization_id',
        hasSecondFactorSql(sql.ref('s.person_id')).as('needs_aal2'),
      ])
      .where('s.id_hash', '=', idHash)
      .where('s.expires_at', '>', new Date())
      .executeTakeFirst();
    return row as SessionRow | undefined;
  }

  async delete(idHash: string): Promise<void> {
    await this.k.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  /** End every session of a person except (optionally) one; returns how many ended. */
  async deleteAllOf(personId: string, exceptHash?: string): Promise<number> {
    let q = this.k.deleteFrom('sessions').where('person_id', '=', personId);
    if (exceptHash) q = q.where('id_hash', '<>', exceptHash);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Raise a session's assurance level in place (session tokens cannot be re-issued to their holder). */
  async setAal(idHash: string, aal: 'aal1' | 'aal2', methods: SessionMethod[]): Promise<void> {
    await this.k
      .updateTable('sessions')
      .set({ aal, methods: JSON.stringify(methods) })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async setOrganization(idHash: string, organizationId: string | null): Promise<void> {
    await this.k.updateTable('sessions').set({ organization_id: organizationId }).where('id_hash', '=', idHash).execute();
  }
}
