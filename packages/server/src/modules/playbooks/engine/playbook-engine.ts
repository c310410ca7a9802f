// The playbook worker of one process: claims due runs (FOR UPDATE SKIP LOCKED, a lease in this process's
// name), works up to `concurrency` of them at once, renews their leases, and aborts a run's action when
// the run is cancelled. Woken by NOTIFY on submit, approve and cancel, and by a poll for due sleepers.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import { isDatabaseUnavailable } from '../../../db/pg-error.js';
import { onDeadInstance } from '../../../jobs/instance-recovery.js';
import { ownerId } from '../../../jobs/instance.js';
import type { Unlisten } from '../../../jobs/pg-notifications.js';
import { executeRun } from './run-executor.js';
import { RunStop } from './run-stop.js';
import { claimDueRuns, PLAYBOOK_CHANNEL, releaseRun, releaseRunsOf, renewLeases, type ClaimedRunRow } from './runs.repository.js';

// A dead process's runs are released (and its running actions failed) in the heartbeat's recovery.
onDeadInstance(releaseRunsOf);

export interface PlaybookEngineOptions {
  /** Runs worked at once by this process (default OPS_PLAYBOOK_CONCURRENCY). */
  concurrency?: number;
  /** How often an idle worker looks for runs whose delay or backoff ended (default 1 s). */
  pollMs?: number;
  /** How long stop() lets running actions finish before aborting them (default 10 s). */
  stopTimeoutMs?: number;
}

const LEASE_RENEW_MS = 5_000;
const RETRY_AFTER_ERROR_MS = 5_000;

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
}

/** Claims and works playbook runs in this process until stopped. */
export class PlaybookEngine {
  readonly owner = ownerId(`playbooks-${randomBytes(3).toString('hex')}`);
  private readonly active = new Map<string, ActiveRun>();
  private readonly concurrency: number;
  private unlisten: Unlisten | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private leaseTimer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;
  private stopping = false;
  private outage = false;

  constructor(
    private readonly app: AppContext,
    private readonly opts: PlaybookEngineOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? app.config.OPS_PLAYBOOK_CONCURRENCY ?? 5;
  }

  /** Listen for wake-ups and cancels, and start claiming. */
  async start(): Promise<void> {
    this.stopping = false;
    this.unlisten = await this.app.notifications.listen(PLAYBOOK_CHANNEL, (payload) => this.onNotify(payload));
    this.pollTimer = setInterval(() => this.wake(), this.opts.pollMs ?? 1_000);
    this.pollTimer.unref();
    this.leaseTimer = setInterval(() => void this.renew(), LEASE_RENEW_MS);
    this.leaseTimer.unref();
    this.wake();
  }

  /** Stop claiming; let running actions finish for a while, then abort them (their runs are released). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.pollTimer);
    clearInterval(this.leaseTimer);
    await this.unlisten?.();
    this.unlisten = undefined;
    await this.claiming;
    const runs = [...this.active.values()];
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.opts.stopTimeoutMs ?? 10_000)));
    await Promise.race([Promise.allSettled(runs.map((r) => r.done)), waited]);
    clearTimeout(timer);
    for (const r of this.active.values()) r.controller.abort(new RunStop('shutdown', 'the server is shutting down'));
    await Promise.allSettled([...this.active.values()].map((r) => r.done));
  }

  /** How many runs this process is working on. */
  get running(): number {
    return this.active.size;
  }

  /** Look for due runs now (coalesced: one claim at a time, another right after if asked meanwhile). */
  wake(): void {
    if (this.stopping) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claim()
      .then(() => {
        if (this.outage) this.app.log.info('playbook engine: the database is back');
        this.outage = false;
      })
      .catch((err: unknown) => {
        // An outage is logged once when it starts (the poll keeps trying every second).
        if (!isDatabaseUnavailable(err)) this.app.log.warn({ err }, 'playbook run claim failed');
        else if (!this.outage) this.app.log.error({ err }, 'playbook engine: the database is unavailable; runs wait until it is back');
        this.outage = this.outage || isDatabaseUnavailable(err);
      })
      .finally(() => {
        this.claiming = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private onNotify(payload?: string): void {
    if (payload?.startsWith('cancel:')) this.abort(payload.slice('cancel:'.length));
    else this.wake();
  }

  private abort(runId: string): void {
    this.active.get(runId)?.controller.abort(new RunStop('cancelled', 'the run was cancelled'));
  }

  private async claim(): Promise<void> {
    const free = this.concurrency - this.active.size;
    if (free <= 0 || this.stopping) return;
    const runs = await claimDueRuns(this.app.db.kysely, this.owner, free);
    for (const run of runs) this.work(run);
    if (runs.length === free) this.again = true;
  }

  private work(run: ClaimedRunRow): void {
    const controller = new AbortController();
    const done = executeRun(this.app, run, this.owner, controller.signal)
      .catch(async (err: unknown) => {
        // A database error mid-run: let the run go; the next claim fails what was left running and goes on.
        this.app.log.warn({ err, run: run.id }, 'playbook run step failed; released for a later attempt');
        await releaseRun(this.app.db.kysely, run.id, this.owner, 'running', new Date(Date.now() + RETRY_AFTER_ERROR_MS)).catch(
          () => undefined,
        );
      })
      .finally(() => {
        this.active.delete(run.id);
        this.wake();
      });
    this.active.set(run.id, { controller, done });
  }

  // Keep the leases of the runs under way, and abort those cancelled (or taken away) meanwhile.
  private async renew(): Promise<void> {
    try {
      const lost = await renewLeases(this.app.db.kysely, this.owner, [...this.active.keys()]);
      for (const id of lost) this.abort(id);
    } catch (err) {
      this.app.log.debug({ err }, 'playbook lease renewal failed');
    }
  }
}
