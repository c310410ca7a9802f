import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import { identityDb, type IdentityKysely } from './identity-db.js';
import { hashSecret } from './tokens.js';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Per-account limits (per-IP limits are @fastify/rate-limit on the routes). */
export const ACCOUNT_LIMITS = {
  /** Failed password sign-ins per identifier. */
  login: { max: 10, windowSeconds: 900 },
  /** Failed second-factor attempts per identity. */
  secondFactor: { max: 10, windowSeconds: 900 },
  /** Recovery / verification mails per address. */
  mail: { max: 5, windowSeconds: 3600 },
  /** Wrong codes per recovery / verification flow. */
  code: { max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

/**
 * Counters per account in PostgreSQL (shared by every server process). The key is hashed, so unknown
 * and known accounts are counted alike and no e-mail address is stored here.
 */
export class AttemptLimiter {
  private readonly k: IdentityKysely;
  constructor(db: Db) {
    this.k = identityDb(db);
  }

  /** Attempts counted for the key in its current window (without counting this one). */
  async attempts(key: string, limit: Limit): Promise<number> {
    const row = await this.k
      .selectFrom('auth_attempts')
      .select('count')
      .where('key', '=', hashSecret(key))
      .where('window_start', '>', sql<Date>`now() - make_interval(secs => ${limit.windowSeconds})`)
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  /** Whether the key is at its limit (without counting). */
  async blocked(key: string, limit: Limit): Promise<boolean> {
    return (await this.attempts(key, limit)) >= limit.max;
  }

  /** Count one attempt; returns true when it went over the limit. */
  async hit(key: string, limit: Limit): Promise<boolean> {
    const fresh = sql<boolean>`auth_attempts.window_start <= now() - make_interval(secs => ${limit.windowSeconds})`;
    const row = await this.k
      .insertInto('auth_attempts')
      .values({ key: hashSecret(key), window_start: sql`now()`, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when ${fresh} then 1 else auth_attempts.count + 1 end`,
          window_start: sql`case when ${fresh} then now() else auth_attempts.window_start end`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count > limit.max;
  }

  /** Forget a key's failures (after a successful sign-in). */
  async reset(key: string): Promise<void> {
    await this.k.deleteFrom('auth_attempts').where('key', '=', hashSecret(key)).execute();
  }
}
