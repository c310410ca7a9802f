import type { ScrapeContext } from '../context.js';
import { cel } from '../expr.js';
import type { PaginationSpec } from '../spec/scrapers.schema.js';
import { parseDurationMs } from '../spec/duration.js';
import { fetchText, responseBody, type FetchedResponse, type FetchRequest } from './http-fetch.js';

// `pagination`: a CEL `nextPageExpr` reads the last response ({body, headers, status, url}) and
// returns the next URL, a request {url, method, body, headers}, or null to stop. Pages are merged
// into one list (by `reduceExpr`, or by the body's list/items/value) unless `perPage`.

const MAX_429_RETRIES = 3;

/** The next request the expression asks for, or undefined to stop. */
export function nextRequest(expr: string, res: FetchedResponse, base: FetchRequest): FetchRequest | undefined {
  const out = cel(expr, { response: { body: responseBody(res), headers: res.headers, status: res.status, url: res.url } });
  if (out === null || out === undefined || out === '') return undefined;
  if (typeof out === 'string') return { url: new URL(out, res.url).toString(), method: 'GET', headers: base.headers };
  if (typeof out === 'object' && !Array.isArray(out)) {
    const o = out as Record<string, unknown>;
    if (typeof o.url !== 'string' || o.url === '') return undefined;
    const headers = {
      ...base.headers,
      ...Object.fromEntries(Object.entries((o.headers as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v)])),
    };
    return {
      url: new URL(o.url, res.url).toString(),
      method: typeof o.method === 'string' ? o.method : 'GET',
      body: typeof o.body === 'string' ? o.body : undefined,
      headers,
    };
  }
  throw new Error(`nextPageExpr must return a URL, a request map or null, got ${JSON.stringify(out)}`);
}

/** Append a page to the accumulator: lists are concatenated, {items|value|Items: [...]} unwrapped. */
export function defaultReduce(acc: unknown[], body: unknown): unknown[] {
  if (Array.isArray(body)) return [...acc, ...body];
  if (body && typeof body === 'object') {
    for (const key of ['value', 'items', 'Items']) {
      const list = (body as Record<string, unknown>)[key];
      if (Array.isArray(list)) return [...acc, ...list];
    }
  }
  return [...acc, body];
}

async function fetchWithRetry(req: FetchRequest, ctx: ScrapeContext): Promise<FetchedResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetchText(req, ctx);
    if (res.status !== 429 || attempt >= MAX_429_RETRIES) return res;
    const after = Number(res.headers['retry-after']);
    await new Promise((r) => setTimeout(r, Number.isFinite(after) ? after * 1000 : 2 ** attempt * 1000));
  }
}

/** Follow pages from the first response; returns one body per page (perPage) or one merged list. */
export async function paginate(
  p: PaginationSpec,
  first: FetchedResponse,
  base: FetchRequest,
  ctx: ScrapeContext,
): Promise<{ bodies: unknown[]; capped: boolean }> {
  const delay = p.delay ? parseDurationMs(p.delay) : 0;
  const pages: unknown[] = [responseBody(first)];
  let res = first;
  let capped = false;
  for (;;) {
    const next = nextRequest(p.nextPageExpr, res, base);
    if (!next) break;
    if (p.maxPages && pages.length >= p.maxPages) {
      capped = true;
      break;
    }
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    res = await fetchWithRetry(next, ctx);
    if (res.status < 200 || res.status > 299)
      throw new Error(`page ${pages.length + 1} (${next.url}) returned HTTP ${res.status}: ${res.text.slice(0, 500)}`);
    pages.push(responseBody(res));
  }
  if (p.perPage) return { bodies: pages, capped };
  let acc: unknown[] = [];
  for (const page of pages) {
    if (!p.reduceExpr) acc = defaultReduce(acc, page);
    else {
      const out = cel(p.reduceExpr, { acc, page });
      if (!Array.isArray(out)) throw new Error(`reduceExpr must return a list, got ${JSON.stringify(out)}`);
      acc = out;
    }
  }
  return { bodies: [acc], capped };
}
