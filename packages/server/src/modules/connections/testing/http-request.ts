// One HTTP(S) exchange for connection tests over node:http(s): no redirects followed (a 3xx already
// proves the server answered), insecure_tls honoured per request, the body capped since only its
// start is ever read.
import http from 'node:http';
import https from 'node:https';
import { safeUrl } from './types.js';

const MAX_BODY = 1024 * 1024;

export interface HttpAnswer {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  insecure?: boolean;
  ca?: string;
  signal: AbortSignal;
}

/** Sends the request; network failures throw naming the URL (without its password) and the cause. */
export function httpRequest(url: URL, opts: HttpRequestOptions): Promise<HttpAnswer> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new Error(`${safeUrl(url.href)} is not an http:// or https:// URL`));
  }
  const lib = url.protocol === 'https:' ? https : http;
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { 'user-agent': 'ops-console connection test', ...opts.headers };
  if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
  const tls = url.protocol === 'https:' ? { rejectUnauthorized: !opts.insecure, ...(opts.ca ? { ca: opts.ca } : {}) } : {};
  return new Promise((resolve, reject) => {
    const req = lib.request(url, { method, headers, signal: opts.signal, ...tls }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < MAX_BODY) chunks.push(c);
        size += c.length;
      });
      res.on('error', (err) => reject(requestError(method, url, err)));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? '',
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', (err) => reject(requestError(method, url, err)));
    req.end(opts.body);
  });
}

/** Basic credentials for a request, when the connection has a username or password. */
export function basicAuth(username: string | undefined, password: string | undefined): Record<string, string> {
  if (!username && !password) return {};
  return { authorization: `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}` };
}

/** `HTTP 401 Unauthorized` plus the first line of a short body (servers put the reason there). */
export function statusText(answer: HttpAnswer): string {
  const reason = answerReason(answer.body);
  return `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}${reason ? `: ${reason}` : ''}`;
}

function answerReason(body: string): string {
  const text = body.trim();
  if (!text) return '';
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const error = json.error as Record<string, unknown> | string | undefined;
    const candidate = json.message ?? (typeof error === 'object' ? (error?.reason ?? error?.type) : error);
    if (typeof candidate === 'string') return candidate.slice(0, 300);
  } catch {
    // not JSON: the text itself
  }
  return text.split('\n')[0]!.slice(0, 300);
}

function requestError(method: string, url: URL, err: Error): Error {
  if (err.name === 'AbortError') return err;
  const code = (err as NodeJS.ErrnoException).code;
  const cause = code && !err.message.includes(code) ? `${code} ${err.message}` : err.message;
  return new Error(`${method} ${safeUrl(url.href)} failed: ${cause}`);
}
