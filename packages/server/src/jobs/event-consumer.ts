import type { FastifyBaseLogger } from 'fastify';
import type { EventQueueRepository, QueuedEvent } from './event-queue.repository.js';
import type { EventQueue, RegisteredHandler } from './event-queue.js';
import { messageOf } from './job-run.js';

export interface EventConsumerOptions {
  /** Poll at least this often even without notifications (default 5 s). */
  pollMs?: number;
  /** Events claimed per round (default 10), handled concurrently. */
  batchSize?: number;
}

// A claimed row stays leased this much longer than its handler may run, so a live consumer keeps it.
const LEASE_MARGIN_MS = 30_000;

/**
 * Delivers queued events to their handlers. Woken by NOTIFY (through `wake`), by emits in this process
 * and by a timer set to the next due retry (at most pollMs). Success deletes the event; failure keeps the
 * error and retries with exponential backoff until the handler's maxAttempts, then gives up.
 */
export class EventConsumer {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;
  private readonly inflight = new Map<string, AbortController>();
  private readonly pollMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly queue: EventQueue,
    private readonly repo: EventQueueRepository,
    private readonly log: FastifyBaseLogger,
    options: EventConsumerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5_000;
    this.batchSize = options.batchSize ?? 10;
  }

  /** Start delivering (an initial drain picks up anything already due). */
  start(): void {
    this.stopped = false;
    this.unsubscribe = this.queue.subscribe(() => this.wake());
    this.wake();
  }

  /** Drain now; if a drain is running, run another right after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      // A wake that arrived while the last round was finishing must not wait for the timer.
      if (this.again && !this.stopped) {
        this.again = false;
        this.wake();
      }
    });
  }

  /**
   * Stop claiming, abort running handlers, and wait up to `timeoutMs` for them. Events whose handler
   * gave up because of the shutdown are released without counting the attempt.
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    for (const c of this.inflight.values()) c.abort(new Error('server shutting down'));
    let t: NodeJS.Timeout | undefined;
    await Promise.race([this.draining, new Promise((resolve) => (t = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(t);
  }

  private async drain(): Promise<void> {
    let nextMs = this.pollMs;
    try {
      do {
        this.again = false;
        while (!this.stopped) {
          const names = this.queue.names();
          if (names.length === 0) break;
          const lease = Math.max(...names.map((n) => this.queue.handler(n)?.timeoutMs ?? 0)) + LEASE_MARGIN_MS;
          const batch = await this.repo.claim(names, this.batchSize, lease);
          if (batch.length === 0) break;
          await Promise.all(batch.map((e) => this.deliver(e)));
        }
      } while (this.again && !this.stopped);
      const names = this.queue.names();
      const due = names.length && !this.stopped ? await this.repo.msUntilNextDue(names) : null;
      if (due !== null) nextMs = Math.min(nextMs, Math.ceil(due));
    } catch (err) {
      this.log.error({ err }, 'event queue consumer failed; retrying');
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => this.wake(), nextMs);
      this.timer.unref();
    }
  }

  private async deliver(event: QueuedEvent): Promise<void> {
    const h = this.queue.handler(event.name);
    if (!h) return; // unregistered since the claim: the lease runs out and another consumer takes it
    if (event.attempts > h.maxAttempts) {
      // Only a consumer dying mid-delivery lets attempts pass the limit: a poison event, so stop here.
      return this.repo.fail(event.id, `gave up after ${event.attempts - 1} attempts that never finished`, null);
    }
    const controller = new AbortController();
    this.inflight.set(event.id, controller);
    try {
      await runWithTimeout(h, event, controller);
      await this.repo.delete(event.id);
    } catch (err) {
      await this.failed(event, h, err, controller.signal).catch((e: unknown) =>
        this.log.error({ err: e }, 'could not record an event failure'),
      );
    } finally {
      this.inflight.delete(event.id);
    }
  }

  private async failed(event: QueuedEvent, h: RegisteredHandler, err: unknown, signal: AbortSignal): Promise<void> {
    if (signal.aborted && this.stopped) return this.repo.release(event.id);
    const message = messageOf(err);
    if (event.attempts >= h.maxAttempts) {
      this.log.warn({ event: event.name, id: event.id, attempts: event.attempts, err: message }, 'event gave up');
      return this.repo.fail(event.id, message, null);
    }
    const backoff = Math.min(h.backoffMs * 2 ** (event.attempts - 1), h.maxBackoffMs);
    return this.repo.fail(event.id, message, backoff);
  }
}

async function runWithTimeout(h: RegisteredHandler, event: QueuedEvent, controller: AbortController): Promise<void> {
  let t: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    t = setTimeout(() => {
      const err = new Error(`event handler timed out after ${h.timeoutMs} ms`);
      controller.abort(err);
      reject(err);
    }, h.timeoutMs);
  });
  try {
    await Promise.race([h.handle(event, controller.signal), timeout]);
  } finally {
    clearTimeout(t);
  }
}
