import { sql } from 'kysely';
import type { Db } from '../db/pool.js';
import { QUEUE_SCHEMA } from './queue.js';

export interface QueueDepth {
  queue: string;
  state: string;
  count: number;
}

/** Read-only view of pg-boss's job table for metrics: jobs waiting, running or failed per queue. */
export class JobQueueRepository {
  private installed = false;

  constructor(private readonly db: Db) {}

  /** Counts per queue and state (created, retry, active, failed); empty until pg-boss installed its schema. */
  async depth(): Promise<QueueDepth[]> {
    if (!this.installed) {
      const { rows } = await sql<{ ok: boolean }>`SELECT to_regclass(${`${QUEUE_SCHEMA}.job`}) IS NOT NULL AS ok`.execute(this.db.kysely);
      this.installed = rows[0]?.ok === true;
      if (!this.installed) return [];
    }
    const { rows } = await sql<QueueDepth>`
      SELECT name AS queue, state::text AS state, count(*)::int AS count
      FROM ${sql.table(`${QUEUE_SCHEMA}.job`)}
      WHERE state IN ('created', 'retry', 'active', 'failed')
      GROUP BY name, state`.execute(this.db.kysely);
    return rows;
  }
}
