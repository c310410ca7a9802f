import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_MS = 2_000;

/**
 * A dedicated connection that LISTENs on one channel and calls `onNotify` for each notification and
 * after every (re)connect, so nothing sent while it was away is missed. It reconnects until stopped.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  // A lost client reports 'error' and 'end' (and our own end()); only its first report reconnects.
  private readonly dead = new WeakSet<pg.Client>();

  constructor(
    private readonly url: string,
    private readonly channel: string,
    // Called with the notification's payload, and without one after every (re)connect.
    private readonly onNotify: (payload?: string) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connect and LISTEN; a failure is logged and retried in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Close the connection and stop reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'ops-console-listen' });
    client.on('notification', (n) => this.onNotify(n.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      this.onNotify();
    } catch (err) {
      this.lost(client, err);
    }
  }

  private lost(client: pg.Client, err?: unknown): void {
    if (this.stopped || this.dead.has(client)) return;
    this.dead.add(client);
    if (this.client === client) this.client = undefined;
    if (err) this.log.warn({ err, channel: this.channel }, 'event listener connection lost; reconnecting');
    client.end().catch(() => undefined);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
    this.retry.unref();
  }
}
