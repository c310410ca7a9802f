import type { ScrapeContext } from '../context.js';

/** A fetched response with its body read as text. */
export interface FetchedResponse {
  status: number;
  url: string;
  headers: Record<string, string>;
  text: string;
}

export interface FetchRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Default time a request or script may take. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** A signal that fires on the scrape's abort or after the timeout. */
export function timeoutSignal(ctx: ScrapeContext): AbortSignal {
  const timeout = AbortSignal.timeout(ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  return ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
}

/** One HTTP request; network failures throw with the URL in the message. */
export async function fetchText(req: FetchRequest, ctx: ScrapeContext): Promise<FetchedResponse> {
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method ?? 'GET',
      headers: req.headers,
      body: req.body,
      signal: timeoutSignal(ctx),
      redirect: 'follow',
    });
  } catch (err) {
    const reason =
      (err as Error).name === 'TimeoutError'
        ? 'timed out'
        : (((err as Error).cause as Error | undefined)?.message ?? (err as Error).message);
    throw new Error(`${req.method ?? 'GET'} ${req.url}: ${reason}`);
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  return { status: res.status, url: req.url, headers, text: await res.text() };
}

/** True when the response says (or looks like) it is JSON. */
export function isJsonResponse(res: FetchedResponse): boolean {
  if (/[/+]json\b/i.test(res.headers['content-type'] ?? '')) return true;
  const t = res.text.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

/** The body as JSON when it is JSON, else the text. */
export function responseBody(res: FetchedResponse): unknown {
  if (!isJsonResponse(res)) return res.text;
  try {
    return JSON.parse(res.text);
  } catch {
    return res.text;
  }
}
