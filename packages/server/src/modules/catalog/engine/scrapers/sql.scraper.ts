import pg from 'pg';
import { withCredentials } from '@ops/shared';
import { resolveEnvVar, type ScrapeContext } from '../context.js';
import type { SqlScraperSpec } from '../spec/scrapers.schema.js';
import { DEFAULT_TIMEOUT_MS } from './http-fetch.js';
import { errorMessage, type ScraperRun, type ScraperType } from './scraper-type.js';

// `sql`: run a query against PostgreSQL; each row is one scraped document (JSON columns arrive as
// objects, so `items: .database` can pick a json_build_object column).

const POSTGRES_DRIVERS = new Set(['', 'postgres', 'postgresql', 'pgx', 'pq']);

/** The connection URL: a named `connection://…` resolved, `$(username)`/`$(password)` filled from `auth`. */
export async function connectionUrl(spec: SqlScraperSpec, ctx: ScrapeContext): Promise<string> {
  let url = spec.connection;
  let username = spec.auth?.username ? await resolveEnvVar(spec.auth.username, ctx, 'auth.username') : undefined;
  let password = spec.auth?.password ? await resolveEnvVar(spec.auth.password, ctx, 'auth.password') : undefined;
  if (url.startsWith('connection://')) {
    const name = url.slice('connection://'.length);
    if (!ctx.connections) throw new Error(`connection: cannot resolve ${url}: no connections are configured`);
    const found = await ctx.connections.resolve(name, ctx.namespace);
    if (!found) throw new Error(`connection: ${url} not found`);
    username ??= found.username;
    password ??= found.password;
    // A stored connection may keep its credentials beside the URL (as the form does) rather than in it.
    url = found.url.includes('$(') ? found.url : withCredentials(found.url, username, password);
  }
  return url.replace(/\$\((username|password)\)/g, (_, key: string) =>
    encodeURIComponent((key === 'username' ? username : password) ?? ''),
  );
}

/** Hide the password of a connection string in messages: a URL's (`user:pw@`) or a key/value one's (`password=pw`). */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@').replace(/(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)/gi, '$1***');
}

export const sqlScraper: ScraperType<SqlScraperSpec> = {
  async scrape(spec, ctx, label): Promise<ScraperRun> {
    const driver = (spec.driver ?? '').toLowerCase();
    if (!POSTGRES_DRIVERS.has(driver))
      return {
        drafts: [],
        errors: [{ scraper: label, message: `driver: "${spec.driver}" is not supported (only PostgreSQL)` }],
        complete: false,
      };
    let url: string;
    try {
      url = await connectionUrl(spec, ctx);
    } catch (err) {
      return { drafts: [], errors: [{ scraper: label, message: errorMessage(err) }], complete: false };
    }
    const timeout = ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeout,
      query_timeout: timeout,
      statement_timeout: timeout,
    });
    const abort = () => void client.end().catch(() => undefined);
    ctx.signal?.addEventListener('abort', abort, { once: true });
    try {
      await client.connect();
      const result = await client.query(spec.query);
      const rows = Array.isArray(result) ? result.flatMap((r: pg.QueryResult) => r.rows) : result.rows;
      return { drafts: rows.map((row: Record<string, unknown>) => ({ config: row, source: redactUrl(url) })), errors: [], complete: true };
    } catch (err) {
      return {
        drafts: [],
        errors: [{ scraper: label, item: redactUrl(url), message: `query failed: ${errorMessage(err).replace(url, redactUrl(url))}` }],
        complete: false,
      };
    } finally {
      ctx.signal?.removeEventListener('abort', abort);
      await client.end().catch(() => undefined);
    }
  },
};
