import { isUuid, type Aal, type FlowKind, type UiText } from '@ops/shared';
import type { Db } from '../../../db/pool.js';
import { identityDb, type IdentityKysely } from '../identity-db.js';
import type { FlowRecord, NewFlow } from './flow-record.js';

type Row = {
  id: string;
  kind: string;
  type: string;
  state: string;
  csrf_hash: string | null;
  request_url: string;
  return_to: string | null;
  requested_aal: string;
  refresh: boolean;
  identity_id: string | null;
  data: Record<string, unknown>;
  messages: unknown[];
  issued_at: Date;
  expires_at: Date | string;
  completed_at: Date | null;
};

const toRecord = (r: Row): FlowRecord => ({
  id: r.id,
  kind: r.kind as FlowKind,
  type: r.type as 'browser' | 'api',
  state: r.state,
  csrfHash: r.csrf_hash,
  requestUrl: r.request_url,
  returnTo: r.return_to,
  requestedAal: r.requested_aal as Aal,
  refresh: r.refresh,
  identityId: r.identity_id,
  data: r.data ?? {},
  messages: (r.messages ?? []) as UiText[],
  issuedAt: r.issued_at,
  expiresAt: new Date(r.expires_at),
  completedAt: r.completed_at,
});

/** Self-service flows and stored flow errors. */
export class FlowRepository {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  async create(f: NewFlow): Promise<FlowRecord> {
    const row = await this.k
      .insertInto('self_service_flows')
      .values({
        kind: f.kind,
        type: f.type,
        state: f.state,
        csrf_hash: f.csrfHash,
        request_url: f.requestUrl,
        return_to: f.returnTo,
        requested_aal: f.requestedAal ?? 'aal1',
        refresh: f.refresh ?? false,
        identity_id: f.identityId ?? null,
        data: JSON.stringify(f.data ?? {}),
        messages: JSON.stringify(f.messages ?? []),
        expires_at: new Date(Date.now() + f.lifespanMs),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row as Row);
  }

  /** A flow by id; undefined for unknown or malformed ids. */
  async get(id: string): Promise<FlowRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.k.selectFrom('self_service_flows').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row as Row) : undefined;
  }

  /** Save state, data and messages; `complete` marks it done so a replay is refused. */
  async update(flow: FlowRecord, complete = false): Promise<void> {
    await this.k
      .updateTable('self_service_flows')
      .set({
        state: flow.state,
        identity_id: flow.identityId,
        data: JSON.stringify(flow.data),
        messages: JSON.stringify(flow.messages),
        updated_at: new Date(),
        ...(complete ? { completed_at: new Date() } : {}),
      })
      .where('id', '=', flow.id)
      .execute();
    if (complete) flow.completedAt = new Date();
  }

  /**
   * Claim a flow for completion: true for exactly one caller, so two concurrent submits of the same
   * flow cannot both sign in.
   */
  async claim(id: string): Promise<boolean> {
    const res = await this.k
      .updateTable('self_service_flows')
      .set({ completed_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Test hook and housekeeping: move a flow's expiry. */
  async setExpiry(id: string, expiresAt: Date): Promise<void> {
    await this.k.updateTable('self_service_flows').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async deleteExpired(before: Date): Promise<number> {
    const res = await this.k.deleteFrom('self_service_flows').where('expires_at', '<', before).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async saveError(error: Record<string, unknown>): Promise<string> {
    const row = await this.k
      .insertInto('self_service_errors')
      .values({ error: JSON.stringify(error) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async getError(id: string): Promise<{ id: string; error: Record<string, unknown>; created_at: Date } | undefined> {
    if (!isUuid(id)) return undefined;
    return this.k.selectFrom('self_service_errors').select(['id', 'error', 'created_at']).where('id', '=', id).executeTakeFirst();
  }
}
