import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import { PgListener } from '../../jobs/pg-listener.js';

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
 * Listen for revocations on a dedicated connection and apply each to this process's caches. After every
 * (re)connect the listener reports with no payload, which clears everything, so nothing missed stays cached.
 */
export async function listenForRevocations(db: Db, onRevoked: (payload: string) => void, log: FastifyBaseLogger): Promise<PgListener> {
  const url = db.pool.options.connectionString;
  if (!url) throw new Error('the database pool has no connection string to listen with');
  const listener = new PgListener(url, REVOCATION_CHANNEL, (payload) => onRevoked(payload ?? ALL_REVOKED), log);
  await listener.start();
  return listener;
}
