import http from 'node:http';
import https from 'node:https';
import type { KubeConnection } from './kubeconfig.js';

// A tiny Kubernetes REST client over node:http(s): GET JSON with the connection's TLS and
// credentials, and streaming watches (one JSON event per line). No client library needed.

export class KubeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'KubeApiError';
  }
}

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: Record<string, unknown>;
}

export class KubeClient {
  private readonly agent: http.Agent;

  constructor(
    readonly conn: KubeConnection,
    private readonly timeoutMs = 60_000,
  ) {
    const secure = conn.server.startsWith('https:');
    this.agent = secure
      ? new https.Agent({ keepAlive: true, ca: conn.ca, cert: conn.cert, key: conn.key, rejectUnauthorized: !conn.insecure })
      : new http.Agent({ keepAlive: true });
  }

  private headers(accept = 'application/json'): Record<string, string> {
    const h: Record<string, string> = { accept };
    if (this.conn.token) h.authorization = `Bearer ${this.conn.token}`;
    else if (this.conn.basic)
      h.authorization = `Basic ${Buffer.from(`${this.conn.basic.username}:${this.conn.basic.password}`).toString('base64')}`;
    return h;
  }

  private open(
    apiPath: string,
    query: Record<string, string | undefined>,
    signal: AbortSignal | undefined,
    timeoutMs: number,
    accept?: string,
  ): Promise<http.IncomingMessage> {
    const url = new URL(this.conn.server + apiPath);
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, v);
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        url,
        { method: 'GET', headers: this.headers(accept), agent: this.agent, signal, timeout: timeoutMs },
        resolve,
      );
      req.on('timeout', () => req.destroy(new Error(`GET ${apiPath} timed out`)));
      req.on('error', (err) => reject(new Error(`GET ${apiPath}: ${err.message}`)));
      req.end();
    });
  }

  /** GET a path and parse the JSON body; non-2xx answers throw KubeApiError with the API's message. */
  async get<T = Record<string, unknown>>(
    apiPath: string,
    query: Record<string, string | undefined> = {},
    signal?: AbortSignal,
  ): Promise<T> {
    return JSON.parse(await this.getText(apiPath, query, signal, { accept: 'application/json' })) as T;
  }

  /**
   * GET a path's body as text (pod logs are text), keeping at most `maxBytes` of it; non-2xx answers throw
   * KubeApiError with the API's message.
   */
  async getText(
    apiPath: string,
    query: Record<string, string | undefined> = {},
    signal?: AbortSignal,
    opts: { accept?: string; maxBytes?: number } = {},
  ): Promise<string> {
    const res = await this.open(apiPath, query, signal, this.timeoutMs, opts.accept ?? 'text/plain, application/json');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of res) {
      size += (c as Buffer).length;
      if (opts.maxBytes === undefined || size <= opts.maxBytes) chunks.push(c as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const status = res.statusCode ?? 0;
    if (status < 200 || status > 299) {
      let message = text.slice(0, 300);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not JSON: keep the text
      }
      throw new KubeApiError(status, `GET ${apiPath} returned HTTP ${status}: ${message}`);
    }
    return text;
  }

  /** Stream watch events until the server ends the watch or `signal` aborts. */
  async *watch(apiPath: string, query: Record<string, string | undefined>, signal: AbortSignal): AsyncGenerator<WatchEvent> {
    const res = await this.open(apiPath, { ...query, watch: 'true', allowWatchBookmarks: 'true' }, signal, 0);
    const status = res.statusCode ?? 0;
    if (status < 200 || status > 299) {
      res.resume();
      throw new KubeApiError(status, `watch ${apiPath} returned HTTP ${status}`);
    }
    let buffered = '';
    try {
      for await (const chunk of res) {
        buffered += (chunk as Buffer).toString('utf8');
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl).trim();
          buffered = buffered.slice(nl + 1);
          if (line) yield JSON.parse(line) as WatchEvent;
        }
      }
    } catch (err) {
      if (signal.aborted) return;
      throw err;
    }
  }

  /** Release pooled connections. */
  close(): void {
    this.agent.destroy();
  }
}
