import type { EventDepth, EventQueueRepository, QueuedEvent } from './event-queue.repository.js';

// Retention of events that gave up: deleted in batches of this size by the event-queue-cleanup job.
const CLEANUP_BATCH = 5_000;

/** Handles one event; throw to fail it (it is retried with backoff until it gives up). */
export type EventHandler = (event: QueuedEvent, signal: AbortSignal) => Promise<void>;

export interface EventHandlerOptions {
  /** Attempts before giving up (default 5). */
  maxAttempts?: number;
  /** Delay after the first failure, doubled after each further one (default 5 s), capped by maxBackoffMs (1 h). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A handler running longer fails with a timeout (default 5 min). */
  timeoutMs?: number;
}

export interface RegisteredHandler extends Required<EventHandlerOptions> {
  handle: EventHandler;
}

export interface EmitOptions {
  /** Higher first (default 0). */
  priority?: number;
  /** Not before this many milliseconds from now (default 0). */
  delayMs?: number;
}

/**
 * The durable event queue (`ctx.events`): modules emit named events and register one handler per name;
 * the consumer (started with the jobs) delivers each event until it succeeds or gives up.
 */
export class EventQueue {
  private readonly handlers = new Map<string, RegisteredHandler>();
  private readonly listeners = new Set<() => void>();

  constructor(readonly repo: EventQueueRepository) {}

  /** Register the handler of events named `name` (one per name). */
  on(name: string, handle: EventHandler, options: EventHandlerOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`an event handler for '${name}' is already registered`);
    this.handlers.set(name, {
      handle,
      maxAttempts: options.maxAttempts ?? 5,
      backoffMs: options.backoffMs ?? 5_000,
      maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
      timeoutMs: options.timeoutMs ?? 300_000,
    });
    this.notifyLocal();
  }

  /** Queue an event; it is delivered after the inserting transaction commits. Returns its id. */
  async emit(name: string, properties: Record<string, unknown> = {}, options: EmitOptions = {}): Promise<string> {
    if (!name) throw new Error('event name is required');
    const id = await this.repo.insert(name, properties, options.priority ?? 0, options.delayMs ?? 0);
    this.notifyLocal();
    return id;
  }

  /** The handler for a name, if this process has one. */
  handler(name: string): RegisteredHandler | undefined {
    return this.handlers.get(name);
  }

  /** Names this process can deliver. */
  names(): string[] {
    return [...this.handlers.keys()];
  }

  /** Pending and failed counts per name (metrics). */
  async depth(): Promise<EventDepth[]> {
    return this.repo.depth();
  }

  /** Delete events that gave up more than `retentionDays` ago; returns how many went. */
  async cleanup(retentionDays: number, now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
    let total = 0;
    for (;;) {
      const n = await this.repo.deleteGivenUpBefore(cutoff, CLEANUP_BATCH);
      total += n;
      if (n < CLEANUP_BATCH) return total;
    }
  }

  /** Called on emit and on a new handler in this process (the consumer's fast path besides NOTIFY). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notifyLocal(): void {
    for (const l of this.listeners) l();
  }
}
