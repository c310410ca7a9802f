import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/pool.js';
import type { Database } from '../db/schema.js';

/** An event as a handler sees it; attempts counts this attempt. */
export interface QueuedEvent {
  id: string;
  name: string;
  properties: Record<string, unknown>;
  attempts: number;
  created_at: Date;
}

export interface EventDepth {
  name: string;
  pending: number;
  failed: number;
}

// Events that gave up keep their row (visible in event_queue_summary) with next_attempt_at = 'infinity',
// so no claim ever picks them again.

/**
 * Queue an event on `db`, which may be the transaction of the change that causes it, so the event and the change
 * commit together (the consumers wake on the insert's NOTIFY).
 */
export async function insertEvent(
  db: Kysely<Database>,
  name: string,
  properties: Record<string, unknown>,
  priority = 0,
  delayMs = 0,
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO event_queue (name, properties, priority, next_attempt_at)
    VALUES (${name}, ${JSON.stringify(properties)}::jsonb, ${priority}, now() + ${delayMs} * interval '1 millisecond')
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

/** Data access for event_queue. */
export class EventQueueRepository {
  constructor(private readonly db: Db) {}

  async insert(name: string, properties: Record<string, unknown>, priority: number, delayMs: number): Promise<string> {
    return insertEvent(this.db.kysely, name, properties, priority, delayMs);
  }

  /**
   * Claim up to `limit` due events of the given names: SKIP LOCKED so concurrent consumers take different
   * rows, counting the attempt and leasing the row for `leaseMs` so a consumer that dies lets it go.
   */
  async claim(names: string[], limit: number, leaseMs: number): Promise<QueuedEvent[]> {
    const { rows } = await sql<QueuedEvent>`
      UPDATE event_queue e
      SET attempts = e.attempts + 1, last_attempt = now(), next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
      FROM (
        SELECT id FROM event_queue
        WHERE name = ANY(${names}::text[]) AND next_attempt_at <= now()
        ORDER BY priority DESC, next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) due
      WHERE e.id = due.id
      RETURNING e.id, e.name, e.properties, e.attempts, e.created_at`.execute(this.db.kysely);
    return rows;
  }

  async delete(id: string): Promise<void> {
    await sql`DELETE FROM event_queue WHERE id = ${id}`.execute(this.db.kysely);
  }

  /** Keep the error and retry after `retryInMs`, or never (null: gave up). */
  async fail(id: string, error: string, retryInMs: number | null): Promise<void> {
    await sql`
      UPDATE event_queue SET error = ${error},
        next_attempt_at = CASE WHEN ${retryInMs}::float8 IS NULL THEN 'infinity'::timestamptz
                               ELSE now() + ${retryInMs}::float8 * interval '1 millisecond' END
      WHERE id = ${id}`.execute(this.db.kysely);
  }

  /** Undo a claim interrupted by shutdown: the attempt does not count and the event is due again. */
  async release(id: string): Promise<void> {
    await sql`UPDATE event_queue SET attempts = greatest(attempts - 1, 0), next_attempt_at = now() WHERE id = ${id}`.execute(
      this.db.kysely,
    );
  }

  /** Milliseconds until the next event of these names is due (0 if one is due now), or null if none waits. */
  async msUntilNextDue(names: string[]): Promise<number | null> {
    const { rows } = await sql<{ ms: number | null }>`
      SELECT (extract(epoch FROM min(next_attempt_at) - now()) * 1000)::float8 AS ms
      FROM event_queue WHERE name = ANY(${names}::text[]) AND next_attempt_at < 'infinity'`.execute(this.db.kysely);
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? null : Math.max(0, ms);
  }

  /** Pending and failed counts per event name, as event_queue_summary shows them. */
  async depth(): Promise<EventDepth[]> {
    const { rows } = await sql<EventDepth>`SELECT name, pending::int AS pending, failed::int AS failed FROM event_queue_summary`.execute(
      this.db.kysely,
    );
    return rows;
  }

  /** Delete up to `limit` events that gave up before `cutoff`; returns how many went. */
  async deleteGivenUpBefore(cutoff: Date, limit: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      WITH doomed AS (
        SELECT id FROM event_queue WHERE next_attempt_at = 'infinity' AND last_attempt < ${cutoff} LIMIT ${limit}
      ), gone AS (DELETE FROM event_queue e USING doomed WHERE e.id = doomed.id RETURNING 1)
      SELECT count(*)::int AS n FROM gone`.execute(this.db.kysely);
    return rows[0]?.n ?? 0;
  }
}
