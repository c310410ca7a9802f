// A browser-like HTTP client for the identity tests: a cookie jar, no automatic redirects, and helpers
// for the Kratos-shaped flows (create, submit with the flow's CSRF token, read nodes).
import type { UiNode } from '@ops/shared';

export interface FlowJson {
  id: string;
  type: string;
  state?: string;
  return_to?: string;
  refresh?: boolean;
  requested_aal?: string;
  ui: { action: string; method: string; nodes: UiNode[]; messages?: { id: number; text: string; type: string }[] };
  [key: string]: unknown;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export class FlowClient {
  readonly jar = new Map<string, string>();

  constructor(readonly base: string) {}

  /** fetch with the jar's cookies; Set-Cookie updates the jar (cookies are shared across loopback ports). */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url.startsWith('http') ? url : this.base + url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /max-age=0\b/i.test(a.trim()) || (/^expires=/i.test(a.trim()) && new Date(a.trim().slice(8)) < new Date()),
      );
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  async json<T = Record<string, unknown>>(url: string, init: RequestInit = {}): Promise<Answer<T>> {
    const headers = new Headers(init.headers);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    const res = await this.fetch(url, { ...init, headers });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
  }

  /** GET /api/auth/self-service/{kind}/browser (JSON). */
  async createFlow(kind: string, query = ''): Promise<Answer<FlowJson>> {
    return this.json<FlowJson>(`/api/auth/self-service/${kind}/browser${query ? `?${query}` : ''}`);
  }

  /** POST the flow's action with its csrf_token added (unless given). */
  async submit<T = Record<string, unknown>>(flow: FlowJson, body: Record<string, unknown>): Promise<Answer<T>> {
    const csrf = nodeValue(flow, 'csrf_token');
    return this.json<T>(flow.ui.action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrf_token: csrf, ...body }),
    });
  }

  /** Follow 3xx answers (on any origin) until a non-redirect or a URL matching `stop`; returns the last URL. */
  async follow(url: string, stop?: (u: URL) => boolean, max = 15): Promise<{ url: string; res: Response }> {
    let current = url.startsWith('http') ? url : this.base + url;
    for (let i = 0; i < max; i++) {
      if (stop?.(new URL(current))) return { url: current, res: new Response(null, { status: 299 }) };
      const res = await this.fetch(current);
      const loc = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !loc) return { url: current, res };
      await res.arrayBuffer();
      current = new URL(loc, current).href;
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/** A node by input name (or id for text/img nodes). */
export function node(flow: FlowJson, name: string): UiNode | undefined {
  return flow.ui.nodes.find((n) => ('name' in n.attributes ? n.attributes.name === name : n.attributes.id === name));
}

export function nodeValue(flow: FlowJson, name: string): unknown {
  const n = node(flow, name);
  return n && 'value' in n.attributes ? n.attributes.value : undefined;
}

export function messageIds(flow: { ui: FlowJson['ui'] }): number[] {
  return (flow.ui.messages ?? []).map((m) => m.id);
}
