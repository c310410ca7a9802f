import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.js';
import { Cron } from '../scheduling/cron.js';
import { EventConsumer } from './event-consumer.js';
import type { Unlisten } from './pg-notifications.js';
import { startQueue } from './queue.js';
import type { Schedule } from './schedule.js';
import { ScheduleRepository } from './schedule.repository.js';
import { ScheduleTicker, type TickerEntry } from './schedule-ticker.js';
import { ScheduleWorkers } from './schedule-workers.js';
import { SCHEDULES } from './schedules.js';

/** The channel the event_queue insert trigger notifies (migration 0002). */
export const EVENT_CHANNEL = 'event_queue';

export interface JobsOptions {
  /** Database URL for pg-boss's pool (events wake the consumer through `ctx.notifications`). */
  url: string;
  /** The periodic jobs (default: SCHEDULES). */
  schedules?: Schedule[];
  /** How often idle workers poll pg-boss for queued runs and retries (default 5 s). */
  pollingIntervalSeconds?: number;
  /** How long shutdown waits for running jobs and event handlers (default 10 s). */
  stopTimeoutMs?: number;
  /** Event consumer poll interval besides NOTIFY (default 5 s). */
  eventPollMs?: number;
}

export interface RunningJobs {
  /** Stop ticking and consuming, wait for running work (then mark it STOPPED), and close pg-boss. */
  stop(): Promise<void>;
}

/**
 * Start the background machinery on the application database: pg-boss with one worker per schedule,
 * the schedule ticker and the event consumer. With OPS_JOBS=false nothing starts in this process
 * (another process does the work); `ctx.jobs.record` and `ctx.events.emit` work either way.
 */
export async function startJobs(ctx: AppContext, options: JobsOptions): Promise<RunningJobs> {
  const timeout = options.stopTimeoutMs ?? 10_000;
  if (ctx.config.OPS_JOBS === 'false') return { stop: () => ctx.jobs.stop(timeout) };
  const schedules = options.schedules ?? SCHEDULES;
  const entries = checkSchedules(schedules);
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  let boss: PgBoss | undefined;
  let ticker: ScheduleTicker | undefined;
  const consumer = new EventConsumer(ctx.events, ctx.events.repo, ctx.log, { pollMs: options.eventPollMs });
  let unlisten: Unlisten | undefined;
  const stop = async (): Promise<void> => {
    await ticker?.stop();
    await unlisten?.();
    // pg-boss first: it stops its workers fetching before the recorder starts refusing runs.
    await Promise.all([boss?.stop({ graceful: true, wait: true, close: true, timeout }), consumer.stop(timeout), ctx.jobs.stop(timeout)]);
  };
  try {
    boss = await startQueue(options.url, ctx.log);
    const workers = new ScheduleWorkers(boss, ctx, schedules, options.pollingIntervalSeconds ?? 5);
    await workers.start();
    ticker = new ScheduleTicker(ctx.db, new ScheduleRepository(ctx.db), entries, workers, owner, ctx.log);
    await ticker.start();
    consumer.start();
    unlisten = await ctx.notifications.listen(EVENT_CHANNEL, () => consumer.wake());
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
  return { stop };
}

// A bad cron or a duplicate name stops start-up with a message naming the schedule.
function checkSchedules(schedules: Schedule[]): TickerEntry[] {
  const names = new Set<string>();
  return schedules.map((s) => {
    if (!/^[\w-]+$/.test(s.name)) throw new Error(`schedule name '${s.name}' may hold only letters, digits, '_' and '-'`);
    if (names.has(s.name)) throw new Error(`schedule '${s.name}' is declared twice`);
    names.add(s.name);
    try {
      return { name: s.name, cron: Cron.parse(s.cron) };
    } catch (err) {
      throw new Error(`schedule '${s.name}': ${(err as Error).message}`, { cause: err });
    }
  });
}
