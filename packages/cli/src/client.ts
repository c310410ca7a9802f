import { CliError, EXIT_SERVER, ServerError } from './errors.js';
import type { Connection } from './connection.js';

const TIMEOUT_MS = 120_000;

/** A small JSON client for the Ops Console API; every failure becomes a CliError with exit code 1. */
export class ApiClient {
  constructor(private readonly connection: Connection) {}

  /** Send a request and parse the JSON answer; 4xx/5xx become ServerError carrying the server's message. */
  async request<T>(method: string, path: string, body?: { type: string; text: string }): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.connection.authorization) headers.authorization = this.connection.authorization;
    if (body) headers['content-type'] = body.type;
    let res: Response;
    try {
      res = await fetch(this.connection.server + path, { method, headers, body: body?.text, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
      throw new CliError(`cannot reach ${this.connection.server}: ${cause}`, EXIT_SERVER);
    }
    const text = await res.text();
    const json = parseJson(text);
    if (!res.ok) {
      const e = (json ?? {}) as { error?: unknown; message?: unknown; details?: unknown };
      const message = typeof e.error === 'string' ? e.error : typeof e.message === 'string' ? e.message : text.trim() || res.statusText;
      throw new ServerError(res.status, message, e.details);
    }
    if (json === undefined) throw new CliError(`unexpected answer from ${this.connection.server}${path}: not JSON`, EXIT_SERVER);
    return json as T;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
