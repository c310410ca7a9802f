import type { Db } from '../../db/pool.js';
import { identityDb, type IdentityKysely } from './identity-db.js';

export type CodePurpose = 'recovery' | 'verification' | 'invite';

/** One-time codes (recovery, verification) and invite links, stored as sha256 only. */
export class CodesRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  async insert(input: {
    purpose: CodePurpose;
    identityId: string;
    flowId?: string | null;
    codeHash: string;
    expiresAt: Date;
  }): Promise<string> {
    const row = await this.k
      .insertInto('identity_codes')
      .values({
        purpose: input.purpose,
        identity_id: input.identityId,
        flow_id: input.flowId ?? null,
        code_hash: input.codeHash,
        expires_at: input.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Use a flow's code once: the identity it was for, or undefined when wrong, used or expired. */
  async consumeForFlow(flowId: string, purpose: CodePurpose, codeHash: string): Promise<string | undefined> {
    const row = await this.k
      .updateTable('identity_codes')
      .set({ used_at: new Date() })
      .where('flow_id', '=', flowId)
      .where('purpose', '=', purpose)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('identity_id')
      .executeTakeFirst();
    return row?.identity_id;
  }

  /** Use an invite link once. */
  async consumeInvite(codeHash: string): Promise<string | undefined> {
    const row = await this.k
      .updateTable('identity_codes')
      .set({ used_at: new Date() })
      .where('purpose', '=', 'invite')
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('identity_id')
      .executeTakeFirst();
    return row?.identity_id;
  }

  /** A new code replaces the flow's earlier ones (resend). */
  async expireForFlow(flowId: string): Promise<void> {
    await this.k
      .updateTable('identity_codes')
      .set({ used_at: new Date() })
      .where('flow_id', '=', flowId)
      .where('used_at', 'is', null)
      .execute();
  }
}
