// A JSON call for checks that speak an HTTP API (prometheus, alertmanager, elasticsearch): same
// transport, TLS trust and Basic credentials as the http check.
import { rootCertificates } from 'node:tls';
import type { ProbeContext } from '../check-type.js';
import { performHttpCall } from './http-client.js';
import { USER_AGENT } from './http-request-spec.js';

export interface JsonApiCall {
  method?: string;
  url: URL;
  body?: unknown;
  username?: string;
  password?: string;
}

export interface JsonApiReply {
  status: number;
  json: unknown;
  text: string;
}

/** Calls the API; rejects on network errors and when the reply is not JSON. */
export async function callJsonApi(call: JsonApiCall, ctx: ProbeContext): Promise<JsonApiReply> {
  const url = new URL(call.url);
  const username = call.username || decodeURIComponent(url.username);
  const password = call.password || decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const extra = ctx.options.extraCACerts ?? [];
  const res = await performHttpCall({
    method: call.method ?? 'GET',
    url,
    headers: {
      'User-Agent': USER_AGENT,
      Accept: 'application/json',
      ...(call.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: call.body === undefined ? undefined : Buffer.from(typeof call.body === 'string' ? call.body : JSON.stringify(call.body)),
    tls: { rejectUnauthorized: true, ca: extra.length ? [...rootCertificates, ...extra] : undefined },
    signal: ctx.signal,
    timeoutMs: ctx.remainingMs(),
    maxRedirects: 10,
    auth: username || password ? { scheme: 'basic', username, password } : undefined,
  });
  const text = res.body.toString('utf8');
  try {
    return { status: res.status, json: JSON.parse(text), text };
  } catch {
    throw new Error(`${url.toString()} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}

/** Joins an API path onto a base URL that may itself have a path ("http://h/prom" + "/api/v1/query"). */
export function apiUrl(base: string, path: string): URL {
  const u = new URL(base);
  u.pathname = u.pathname.replace(/\/+$/, '') + path;
  return u;
}
