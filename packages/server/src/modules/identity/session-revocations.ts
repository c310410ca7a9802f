import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import type { PgNotifications, Unlisten } from '../../jobs/pg-notifications.js';

/** The channel on which a revocation (logout, ended sessions, revoked tokens, role changes) reaches every replica. */
export const REVOCATION_CHANNEL = 'ops_auth_revoked';

/** Payload naming one ended session by the hash of its id; anything else means "forget every cached credential". */
export const sessionRevoked = (idHash: string) => `session:${idHash}`;
export const ALL_REVOKED = 'all';

/** Tell every server process (this one included) to drop cached credentials; sent after the change is committed. */
export async function publishRevocation(db: Db, payload: string): Promise<void> {
  await sql`select pg_notify(${REVOCATION_CHANNEL}, ${payload})`.execute(db.kysely);
}

/**
 * Listen for revocations and apply each to this process's caches. After every (re)connect the handler is called
 * with no payload, which clears everything, so nothing missed stays cached.
 */
export function listenForRevocations(notifications: PgNotifications, onRevoked: (payload: string) => void): Promise<Unlisten> {
  return notifications.listen(REVOCATION_CHANNEL, (payload) => onRevoked(payload ?? ALL_REVOKED));
}
