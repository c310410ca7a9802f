import { MESSAGES } from '@ops/shared';
import { ApiError, ForbiddenError, NetworkError, UnauthorizedError, messageFromBody } from './api-errors';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]> | URLSearchParams;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query string; undefined/null values are dropped, arrays repeat the key. */
  query?: QueryParams;
  /** JSON-encoded unless it is a string, FormData or Blob. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Caller cancellation (TanStack Query passes one); an abort rethrows the AbortError as is. */
  signal?: AbortSignal;
  /** Default 30 s; then 'Request timed out. Please try again.'. */
  timeoutMs?: number;
  /** 'redirect' (default): a 401 sends the user to /auth-state-checker. 'throw': only throw (sign-in pages). */
  on401?: 'redirect' | 'throw';
  /** Always this origin, never the organisation's backend (identity flows, organisation calls). */
  local?: boolean;
  /** 'blob': a successful body is returned as a Blob (file downloads); errors are still parsed. */
  responseType?: 'json' | 'blob';
}

export interface RawResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const AUTH_PAGES = ['/login', '/auth-state-checker'];

let baseUrl = '';
let onUnauthorized = (returnTo: string): void => {
  window.location.assign(`/auth-state-checker?return_to=${encodeURIComponent(returnTo)}`);
};

/** Points the client at another origin (tests use a loopback server); '' means same origin. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

/** Organisation mode: the organisation's backend address and bearer token, or null for this origin. */
let backend: { url: string; token: string } | null = null;

/** Sends every call that is not `local` to the organisation's backend with its bearer token. */
export function setApiBackend(next: { url: string; token: string } | null): void {
  backend = next ? { url: next.url.replace(/\/$/, ''), token: next.token } : null;
}

/** Replaces the 401 reaction; the app routes it through the router instead of a full reload. */
export function setUnauthorizedHandler(handler: (returnTo: string) => void): void {
  onUnauthorized = handler;
}

/** Builds `path?query`, dropping empty values so filters like 'all' can be passed as undefined. */
export function withQuery(path: string, query?: QueryParams): string {
  if (!query) return path;
  const qs = query instanceof URLSearchParams ? new URLSearchParams(query) : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      for (const v of values) if (v !== undefined && v !== null) qs.append(key, String(v));
    }
  }
  const s = qs.toString();
  return s ? `${path}${path.includes('?') ? '&' : '?'}${s}` : path;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return body;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** One HTTP call with failures mapped to the api-errors classes; returns the parsed body, status and headers. */
export async function requestRaw<T>(path: string, opts: RequestOptions = {}): Promise<RawResponse<T>> {
  if (offline()) throw new NetworkError(MESSAGES.offline, 'offline');
  const headers = new Headers({ accept: 'application/json', ...opts.headers });
  const target = backend && !opts.local ? backend : null;
  if (target && !headers.has('authorization')) headers.set('authorization', `Bearer ${target.token}`);
  const timeout = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    timeout.abort();
  }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  let res: Response;
  try {
    res = await fetch(`${target ? target.url : baseUrl}${withQuery(path, opts.query)}`, {
      method: opts.method ?? 'GET',
      headers,
      body: encodeBody(opts.body, headers),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (timedOut) throw new NetworkError(MESSAGES.timeout, 'timeout');
    if (opts.signal?.aborted) throw err;
    throw offline() ? new NetworkError(MESSAGES.offline, 'offline') : new NetworkError(MESSAGES.network, 'network');
  } finally {
    clearTimeout(timer);
  }
  const body = res.ok && opts.responseType === 'blob' ? await res.blob() : await readBody(res);
  if (res.ok) return { data: body as T, status: res.status, headers: res.headers };
  const message = messageFromBody(body);
  if (res.status === 401) {
    const here = typeof window === 'undefined' ? '/' : currentPath();
    const onAuthPage = typeof window !== 'undefined' && AUTH_PAGES.includes(window.location.pathname);
    if ((opts.on401 ?? 'redirect') === 'redirect' && !onAuthPage) onUnauthorized(here);
    throw new UnauthorizedError(message, body);
  }
  if (res.status === 403) throw new ForbiddenError(message, body);
  throw new ApiError(message, res.status, body);
}

/** A JSON call returning only the body. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestRaw<T>(path, opts)).data;
}

/** Shorthands for the typed endpoints (`/api/auth/...`, `/api/about`, ...). */
export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...opts, method: 'DELETE' }),
};
