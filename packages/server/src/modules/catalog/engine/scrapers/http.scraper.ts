import { resolveEnvVar, resolveEnvVars, type ScrapeContext } from '../context.js';
import { template } from '../expr.js';
import type { HttpScraperSpec } from '../spec/scrapers.schema.js';
import { fetchText, responseBody, type FetchRequest } from './http-fetch.js';
import { paginate } from './http-pagination.js';
import { errorMessage, type ScraperRun, type ScraperType } from './scraper-type.js';

// `http`: one request (url and body may be Go templates over `env`), the JSON or text response
// is the scraped document; `pagination` follows further pages.

async function buildRequest(spec: HttpScraperSpec, ctx: ScrapeContext): Promise<FetchRequest> {
  const env = await resolveEnvVars(spec.env, ctx);
  const render = (s: string) => (s.includes('{{') ? template(s, env) : s);
  const url = render(spec.url).trim();
  if (!url) throw new Error('url: the templated URL is empty');
  const headers: Record<string, string> = {};
  for (const h of spec.headers ?? []) if (h.name) headers[h.name] = await resolveEnvVar(h, ctx, `header ${h.name}`);
  if (spec.bearer) headers.authorization = `Bearer ${await resolveEnvVar(spec.bearer, ctx, 'bearer')}`;
  else if (spec.username || spec.password) {
    const user = spec.username ? await resolveEnvVar(spec.username, ctx, 'username') : '';
    const pass = spec.password ? await resolveEnvVar(spec.password, ctx, 'password') : '';
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
  }
  const body = spec.body === undefined ? undefined : render(spec.body);
  if (body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  return { url, method: (spec.method ?? 'GET').toUpperCase(), headers, body };
}

export const httpScraper: ScraperType<HttpScraperSpec> = {
  async scrape(spec, ctx, label): Promise<ScraperRun> {
    try {
      const req = await buildRequest(spec, ctx);
      const res = await fetchText(req, ctx);
      if (res.status < 200 || res.status > 299) throw new Error(`request returned HTTP ${res.status}: ${res.text.slice(0, 500)}`);
      if (!spec.pagination) return { drafts: [{ config: responseBody(res), source: req.url }], errors: [], complete: true };
      const { bodies, capped } = await paginate(spec.pagination, res, req, ctx);
      // A page cap means items on later pages were not seen: the scrape is partial.
      return { drafts: bodies.map((config) => ({ config, source: req.url })), errors: [], complete: !capped };
    } catch (err) {
      return { drafts: [], errors: [{ scraper: label, item: spec.url, message: errorMessage(err) }], complete: false };
    }
  },
};
