// A transaction that is run again when PostgreSQL aborted it to break a deadlock (40P01) or a
// serialization conflict (40001). Both abort the whole transaction, so running it again is safe, and
// both happen between legitimate writers (an apply re-syncing checks while the check scheduler stores
// their results), so the caller should not see them.
import type { Kysely, Transaction } from 'kysely';
import { isPgError } from './pg-error.js';

const RETRIED = new Set(['40P01', '40001']);

/** Whether PostgreSQL aborted the transaction only because of another one (worth running again). */
export function isTransientConflict(err: unknown): boolean {
  return isPgError(err) && RETRIED.has(err.code);
}

/** Run `body` in a transaction, again (up to `attempts` times in all, after a growing random pause) when it lost a deadlock or serialization conflict. */
export async function retriedTransaction<DB, T>(db: Kysely<DB>, body: (trx: Transaction<DB>) => Promise<T>, attempts = 4): Promise<T> {
  return retried(() => db.transaction().execute(body), attempts);
}

/** Run `body` (one statement, or a transaction of its own) again the same way when it lost a conflict. */
export async function retried<T>(body: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await body();
    } catch (err) {
      if (attempt >= attempts || !isTransientConflict(err)) throw err;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 50 * attempt));
    }
  }
}
