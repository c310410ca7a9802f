// The HTTP endpoint of a remote log backend: the spec's url, or a stored connection's url and
// credentials (Basic with a username, Bearer with only a password), and a JSON request with a
// deadline whose failures name the backend (502), never a bare 500.
import { badRequest } from '../../../http/errors.js';
import type { BackendContext } from '../log-backend.js';
import { backendFailed, causeOf } from '../backend-errors.js';

/** How long a backend may take to answer one page. */
export const BACKEND_TIMEOUT_MS = 30_000;

export interface Endpoint {
  url: string;
  headers: Record<string, string>;
}

/** `connection://ns/name`, `ns/name` or `name` as the resolver's `namespace/name` form. */
export function connectionName(ref: string): string {
  return ref.replace(/^connection:\/\//, '');
}

/** The base URL and auth headers of a spec with `url` and/or `connection`; 400 naming the field when unusable. */
export async function resolveEndpoint(ctx: BackendContext, kind: string, spec: { url?: string; connection?: string }): Promise<Endpoint> {
  const headers: Record<string, string> = {};
  let url = spec.url;
  if (spec.connection) {
    if (!ctx.connections) throw badRequest(`spec.${kind}.connection: no connection store is configured`);
    let conn: Awaited<ReturnType<NonNullable<BackendContext['connections']>['resolve']>>;
    try {
      conn = await ctx.connections.resolve(connectionName(spec.connection), 'default');
    } catch (err) {
      throw badRequest(`spec.${kind}.connection: ${causeOf(err)}`);
    }
    if (!conn) throw badRequest(`spec.${kind}.connection: connection ${spec.connection} not found`);
    url = url || conn.url;
    if (conn.username) headers.authorization = `Basic ${Buffer.from(`${conn.username}:${conn.password ?? ''}`).toString('base64')}`;
    else if (conn.password) headers.authorization = `Bearer ${conn.password}`;
  }
  if (!url) throw badRequest(`spec.${kind}.url: url or connection is required`);
  return { url: url.replace(/\/+$/, ''), headers };
}

/** A JSON answer from the backend; any failure (refused, timeout, non-2xx, not JSON) is a 502 naming it. */
export async function fetchJson<T>(backend: string, url: string, init: RequestInit, signal: AbortSignal): Promise<T> {
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(BACKEND_TIMEOUT_MS)]);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: deadline, redirect: 'error' });
  } catch (err) {
    throw backendFailed(backend, causeOf(err));
  }
  const text = await res.text().catch((err: unknown) => {
    throw backendFailed(backend, causeOf(err));
  });
  if (!res.ok) throw backendFailed(backend, `HTTP ${res.status}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw backendFailed(backend, `the answer is not JSON: ${text.slice(0, 100)}`);
  }
}
