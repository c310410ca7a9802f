import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticSecretResolver, type ScrapeContext } from '../context.js';
import { httpScraperSchema } from '../spec/scrapers.schema.js';
import { httpScraper } from './http.scraper.js';

let server: http.Server;
let base: string;
const seen: Array<{ url: string; auth?: string; body: string; method: string }> = [];
let rateLimited = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body, method: req.method ?? '' });
      const url = new URL(req.url ?? '/', 'http://x');
      const page = Number(url.searchParams.get('page') ?? 1);
      if (url.pathname === '/limited' && page === 2 && rateLimited++ === 0) return res.writeHead(429, { 'retry-after': '0' }).end();
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/items' || url.pathname === '/limited') {
        const next = page < 3 ? `${url.pathname}?page=${page + 1}` : null;
        return res.end(JSON.stringify({ items: [{ id: `p${page}a` }, { id: `p${page}b` }], next }));
      }
      res.end(JSON.stringify({ path: url.pathname, query: url.search }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const ctx: ScrapeContext = { baseDir: '.', secrets: new StaticSecretResolver({ 'secret/api/token': 's3cret' }) };
const spec = (extra: Record<string, unknown>) => httpScraperSchema.parse({ type: 'T', id: '$.id', ...extra });

describe('http scraper', () => {
  it('templates the URL from env, sends headers, bearer auth, method and body', async () => {
    const run = await httpScraper.scrape(
      spec({
        url: `${base}/search?q={{ .TERM }}`,
        env: [{ name: 'TERM', value: 'pods' }],
        headers: [{ name: 'X-Team', value: 'ops' }],
        bearer: { valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } },
        method: 'post',
        body: '{"a":1}',
      }),
      ctx,
      'http[0]',
    );
    expect(run.errors).toEqual([]);
    expect(run.drafts[0]!.config).toEqual({ path: '/search', query: '?q=pods' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', auth: 'Bearer s3cret', body: '{"a":1}' });
  });

  it('follows pages with nextPageExpr and merges them (default reduce unwraps items)', async () => {
    const run = await httpScraper.scrape(
      spec({ url: `${base}/items`, pagination: { nextPageExpr: 'response.body.next' } }),
      ctx,
      'http[0]',
    );
    expect(run.complete).toBe(true);
    expect((run.drafts[0]!.config as Array<{ id: string }>).map((i) => i.id)).toEqual(['p1a', 'p1b', 'p2a', 'p2b', 'p3a', 'p3b']);
  });

  it('keeps pages apart with perPage, reduces with reduceExpr, retries 429, and a page cap makes the run partial', async () => {
    const perPage = await httpScraper.scrape(
      spec({ url: `${base}/limited`, pagination: { nextPageExpr: 'response.body.next', perPage: true } }),
      ctx,
      'http[0]',
    );
    expect(perPage.drafts).toHaveLength(3);
    expect(seen.filter((s) => s.url === '/limited?page=2')).toHaveLength(2);
    const reduced = await httpScraper.scrape(
      spec({
        url: `${base}/items`,
        pagination: {
          nextPageExpr: "{'url': response.body.next == null ? '' : response.body.next, 'method': 'GET'}",
          reduceExpr: 'acc + page.items.map(i, i.id)',
        },
      }),
      ctx,
      'http[0]',
    );
    expect(reduced.drafts[0]!.config).toEqual(['p1a', 'p1b', 'p2a', 'p2b', 'p3a', 'p3b']);
    const capped = await httpScraper.scrape(
      spec({ url: `${base}/items`, pagination: { nextPageExpr: 'response.body.next', maxPages: 2 } }),
      ctx,
      'http[0]',
    );
    expect((capped.drafts[0]!.config as unknown[]).length).toBe(4);
    expect(capped.complete).toBe(false);
  });

  it('an unreachable host is an error naming the URL', async () => {
    const run = await httpScraper.scrape(spec({ url: 'http://127.0.0.1:1/x' }), ctx, 'http[0]');
    expect(run.errors[0]!.message).toMatch(/^GET http:\/\/127\.0\.0\.1:1\/x: /);
    expect(run.complete).toBe(false);
  });
});
