import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import { identityDb, type IdentityKysely } from './identity-db.js';
import { hashSecret } from './tokens.js';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Per-account limits (per-IP request limits are @fastify/rate-limit on the routes; see also addressLimit). */
export const ACCOUNT_LIMITS = {
  /** Failed password sign-ins per identifier and client address (a lock never spreads to other addresses). */
  login: { max: 10, windowSeconds: 900 },
  /** Failed second-factor attempts per identity. */
  secondFactor: { max: 10, windowSeconds: 900 },
  /** Recovery / verification mails per address. */
  mail: { max: 5, windowSeconds: 3600 },
  /** Wrong codes per recovery / verification flow. */
  code: { max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

/** Failed credential checks (password, Basic, bearer) per client address per minute, across replicas. */
export function addressLimit(perMinute: number): Limit {
  return { max: perMinute, windowSeconds: 60 };
}

/** A credential check refused because its address (or account and address) failed too often; answered 429. */
export { ThrottledError } from '../../http/errors.js';

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

  /** Failures in the current window and, when at the limit, the whole seconds until the window ends (else 0). */
  async state(key: string, limit: Limit): Promise<{ count: number; retryAfter: number }> {
    const row = await this.k
      .selectFrom('auth_attempts')
      .select([
        'count',
        sql<number>`greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int`.as('left'),
      ])
      .where('key', '=', hashSecret(key))
      .where('window_start', '>', sql<Date>`now() - make_interval(secs => ${limit.windowSeconds})`)
      .executeTakeFirst();
    const count = row?.count ?? 0;
    return { count, retryAfter: count >= limit.max ? Number(row?.left ?? limit.windowSeconds) : 0 };
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
