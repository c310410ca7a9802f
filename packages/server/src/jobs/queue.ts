import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema.js';

/** The schema pg-boss creates and migrates for itself in the application database. */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * Start pg-boss on the application database with its own small pool, so job polling never waits
 * behind HTTP traffic. Its cron is off: our schedule ticker decides when periodic jobs run.
 */
export async function startQueue(url: string, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: QUEUE_SCHEMA,
    max: 4,
    application_name: 'ops-console-jobs',
    schedule: false,
    supervise: true,
    migrate: true,
  });
  // pg-boss reports fetch and maintenance failures as events; unhandled they would crash the process.
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}

/** A pg-boss connection that runs its statements inside a Kysely transaction (enqueue atomically with our writes). */
export function inTransaction(trx: Kysely<Database>): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[]) => {
      const res = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: res.rows as unknown[] as Record<string, unknown>[] };
    },
  };
}
