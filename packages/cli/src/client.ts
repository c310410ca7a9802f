import http from 'node:http';
import https from 'node:https';
import { errorBodyFields } from '@ops/shared';
import { CliError, EXIT_SERVER, ServerError } from './errors.js';
import type { Connection } from './connection.js';

const TIMEOUT_MS = 120_000;

/** What the client needs of a zod schema from @ops/shared to check an answer. */
export interface AnswerSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A small JSON client for the Ops Console API; every failure becomes a CliError with exit code 1. */
export class ApiClient {
  constructor(private readonly connection: Connection) {}

  /**
   * Send a request and check the JSON answer against its @ops/shared schema; 4xx/5xx become ServerError
   * carrying the server's message, an answer of another shape a CliError naming the first wrong field.
   */
  async request<T>(method: string, path: string, schema: AnswerSchema<T>, body?: { type: string; text: string }): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.connection.authorization) headers.authorization = this.connection.authorization;
    if (body) headers['content-type'] = body.type;
    const res = await send(this.connection.server + path, method, headers, body?.text);
    const json = parseJson(res.text);
    this.throwIfFailed(res, json);
    if (json === undefined) throw new CliError(`unexpected answer from ${this.connection.server}${path}: not JSON`, EXIT_SERVER);
    const answer = schema.safeParse(json);
    if (answer.success) return answer.data;
    const issue = answer.error.issues[0];
    const field = issue?.path.map(String).join('.');
    throw new CliError(
      `unexpected answer from ${this.connection.server}${path}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`,
      EXIT_SERVER,
    );
  }

  /** GET a plain-text answer (a run action's log stream); 4xx/5xx become ServerError as in `request`. */
  async text(path: string): Promise<string> {
    const headers: Record<string, string> = { accept: 'text/plain' };
    if (this.connection.authorization) headers.authorization = this.connection.authorization;
    const res = await send(this.connection.server + path, 'GET', headers, undefined);
    this.throwIfFailed(res, res.status >= 400 ? parseJson(res.text) : undefined);
    return res.text;
  }

  private throwIfFailed(res: Answer, json: unknown): void {
    if (res.status < 400) return;
    const e = errorBodyFields(json);
    const message = e.error ?? e.message ?? (res.text.trim() || res.statusText);
    throw new ServerError(res.status, message, e.details, hints(res.status, message, !!this.connection.authorization));
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

interface Answer {
  status: number;
  statusText: string;
  text: string;
}

// node:http rather than fetch: fetch refuses the ports browsers block ("bad port", e.g. 6000) before
// connecting, and names a refused connection only in a nested cause.
function send(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
  const target = new URL(url);
  const lib = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(target, { method, headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', (err) => reject(unreachable(target, err)));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error(`no answer within ${TIMEOUT_MS / 1000} s`), { code: 'ETIMEDOUT' })));
    req.on('error', (err) => reject(unreachable(target, err)));
    req.end(body);
  });
}

function unreachable(target: URL, err: Error & { code?: string }): CliError {
  const where = `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`;
  const why =
    err.code === 'ECONNREFUSED'
      ? `connection refused to ${where} (is the server running there? --server or OPS_SERVER says where it is)`
      : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
        ? `cannot resolve the host ${target.hostname}`
        : `cannot reach ${target.origin}: ${err.message}`;
  return new CliError(why, EXIT_SERVER);
}

// Lines that say what to do about a refusal the CLI can explain.
function hints(status: number, message: string, hasCredentials: boolean): string[] {
  if (status === 401 && !hasCredentials) {
    return ['No credentials were given: use --user and --password, or --token, or set OPS_USER and OPS_PASSWORD, or OPS_TOKEN.'];
  }
  if (status === 400 && /^unknown kind\b/.test(message)) return ['Run `ops kinds` to list the kinds this server knows.'];
  return [];
}
