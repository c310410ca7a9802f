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
      const e = errorBodyFields(json);
      throw new ServerError(res.status, e.error ?? e.message ?? (text.trim() || res.statusText), e.details);
    }
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
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
