// Every server process registers in server_instances and beats a heartbeat. At start, and on every beat,
// it closes what dead processes left: their RUNNING job_history rows become STOPPED with the reason, and
// their canary and scraper leases are released, so those resources are runnable (and due runs caught up) at
// once instead of after the lease expires. A process is dead when it ran on this host and its pid is gone
// (or belongs to another process now), or when its heartbeat is older than DEAD_AFTER_MS (any host).
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/pool.js';
import type { Database } from '../db/schema.js';
import { releaseLeasesOf } from '../scheduling/spec-schedules.repository.js';
import { aliveOnThisHost, INSTANCE } from './instance.js';

/** What an area with claims of its own releases for a dead process, inside the recovery transaction; returns how many. */
export type DeadInstanceRelease = (trx: Kysely<Database>, instanceId: string) => Promise<number>;
const releasers = new Set<DeadInstanceRelease>();

/** Register a release to run for every dead process found (playbook runs and their running actions). */
export function onDeadInstance(release: DeadInstanceRelease): void {
  releasers.add(release);
}

const HEARTBEAT_MS = 10_000;
const DEAD_AFTER_MS = 60_000;

interface InstanceRow {
  id: string;
  hostname: string;
  pid: number;
  process_start: string | null;
  stale: boolean;
}

/** Register this process, close what dead ones left, and keep doing both until `stop`. */
export class InstanceHeartbeat {
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Register and recover once (start-up fails if the database does), then beat every HEARTBEAT_MS. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      if (this.beating) return;
      // A database outage is reported by the schedulers; a missed beat only delays the next one.
      this.beating = this.beat()
        .catch((err: unknown) => this.log.debug({ err }, 'instance heartbeat failed'))
        .finally(() => (this.beating = undefined));
    }, HEARTBEAT_MS).unref();
  }

  /** Stop beating and unregister (a clean stop already closed this process's runs). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await sql`DELETE FROM server_instances WHERE id = ${INSTANCE.id}`.execute(this.db.kysely).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    await sql`
      INSERT INTO server_instances (id, hostname, pid, process_start) VALUES (${INSTANCE.id}, ${INSTANCE.hostname}, ${INSTANCE.pid}, ${INSTANCE.processStart ?? null})
      ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()`.execute(this.db.kysely);
    await recoverDeadInstances(this.db, this.log);
  }
}

/** Close the runs and release the leases of every registered process found dead; returns their ids. */
export async function recoverDeadInstances(db: Db, log: FastifyBaseLogger): Promise<string[]> {
  const { rows } = await sql<InstanceRow>`
    SELECT id, hostname, pid, process_start, heartbeat_at < now() - make_interval(secs => ${DEAD_AFTER_MS / 1000}) AS stale
    FROM server_instances WHERE id <> ${INSTANCE.id}`.execute(db.kysely);
  const dead = rows.filter((r) => r.stale || (r.hostname === INSTANCE.hostname && !aliveOnThisHost(r.pid, r.process_start)));
  for (const d of dead) {
    const reason = d.stale
      ? `stopped: the server process ${d.id} stopped sending heartbeats before the run ended`
      : `stopped: the server process ${d.id} died before the run ended`;
    const closed = await db.kysely.transaction().execute(async (trx) => {
      const runs = await sql`
        UPDATE job_history SET status = 'STOPPED', time_end = now(), errors = array_append(errors, ${reason}),
          duration_millis = (extract(epoch from now() - time_start) * 1000)::int
        WHERE status = 'RUNNING' AND owner = ${d.id}`.execute(trx);
      let leases = await releaseLeasesOf(trx, d.id);
      for (const release of releasers) leases += await release(trx, d.id);
      await sql`DELETE FROM server_instances WHERE id = ${d.id}`.execute(trx);
      return {
        runs: Number(runs.numAffectedRows ?? 0),
        leases,
      };
    });
    log[closed.runs + closed.leases > 0 ? 'warn' : 'info'](
      { instance: d.id, ...closed },
      `closed ${closed.runs} runs and released ${closed.leases} leases of a dead server process`,
    );
  }
  return dead.map((d) => d.id);
}
