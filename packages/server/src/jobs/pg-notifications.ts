import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_MS = 2_000;

/** Called with a notification's payload, and without one after every (re)connect (something may have been missed). */
export type NotificationHandler = (payload?: string) => void;

/** Stops one handler's subscription (the channel is UNLISTENed when its last handler goes). */
export type Unlisten = () => Promise<void>;

/**
 * The process's one LISTEN connection: every channel (events, session revocations, playbook runs) shares it, so a
 * server holds one idle connection for notifications however many parts listen. It connects on the first listen,
 * reconnects until stopped, LISTENs every channel again after a reconnect and then calls every handler without a
 * payload, so whatever was sent while it was away is looked for. Subscriptions and (re)connects run one at a time.
 */
export class PgNotifications {
  private client: pg.Client | undefined;
  private readonly channels = new Map<string, Set<NotificationHandler>>();
  private queue: Promise<unknown> = Promise.resolve();
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  // A lost client reports 'error' and 'end' (and our own end()); only its first report reconnects.
  private readonly dead = new WeakSet<pg.Client>();

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Call `handler` for each notification on `channel` from now on. Resolves once the channel is LISTENed (or, with
   * the database away, once a reconnect is scheduled; the handler is called when it succeeds).
   */
  listen(channel: string, handler: NotificationHandler): Promise<Unlisten> {
    return this.serially(async () => {
      if (this.stopped) throw new Error(`cannot listen on ${channel}: notifications are stopped`);
      let handlers = this.channels.get(channel);
      const fresh = !handlers;
      if (!handlers) this.channels.set(channel, (handlers = new Set()));
      handlers.add(handler);
      const client = this.client;
      if (!client) {
        if (!this.retry) await this.connect();
      } else {
        try {
          if (fresh) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          this.call(channel, handler);
        } catch (err) {
          this.lost(client, err);
        }
      }
      return () => this.unlisten(channel, handler);
    });
  }

  /** Close the connection and stop reconnecting. */
  stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.retry = undefined;
    return this.serially(() => this.close());
  }

  private unlisten(channel: string, handler: NotificationHandler): Promise<void> {
    return this.serially(async () => {
      const handlers = this.channels.get(channel);
      if (!handlers?.delete(handler) || handlers.size > 0) return;
      this.channels.delete(channel);
      // Nobody listens any more: the connection goes too (a later listen opens it again).
      if (this.channels.size === 0) {
        clearTimeout(this.retry);
        this.retry = undefined;
        return this.close();
      }
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) this.dead.add(client);
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.client || this.channels.size === 0) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'ops-console-listen' });
    client.on('notification', (n) => {
      for (const handler of this.channels.get(n.channel) ?? []) this.call(n.channel, handler, n.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (this.stopped) {
        this.dead.add(client);
        await client.end();
        return;
      }
      this.client = client;
      for (const [channel, handlers] of this.channels) for (const handler of handlers) this.call(channel, handler);
    } catch (err) {
      this.lost(client, err);
    }
  }

  // One handler's failure is logged and never keeps the others from their notification.
  private call(channel: string, handler: NotificationHandler, payload?: string): void {
    try {
      handler(payload);
    } catch (err) {
      this.log.error({ err, channel }, 'notification handler failed');
    }
  }

  private lost(client: pg.Client, err?: unknown): void {
    if (this.stopped || this.dead.has(client)) return;
    this.dead.add(client);
    if (this.client === client) this.client = undefined;
    if (err) this.log.warn({ err, channels: [...this.channels.keys()] }, 'notification connection lost; reconnecting');
    client.end().catch(() => undefined);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.serially(() => this.connect());
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
