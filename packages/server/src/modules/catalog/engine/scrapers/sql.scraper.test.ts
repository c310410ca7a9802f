import { describe, expect, it } from 'vitest';
import { StaticSecretResolver, type ConnectionResolver } from '../context.js';
import { sqlScraperSchema } from '../spec/scrapers.schema.js';
import { connectionUrl, redactUrl, sqlScraper } from './sql.scraper.js';

const spec = (extra: Record<string, unknown>) => sqlScraperSchema.parse({ type: 'T', id: 'x', query: 'select 1', ...extra });
const connections: ConnectionResolver = {
  resolve: async (name) =>
    name === 'Postgres/main'
      ? { url: 'postgres://$(username):$(password)@db/main', username: 'app', password: 'p w' }
      : name === 'default/apart'
        ? { url: 'postgres://db:5432/app', username: 'app', password: 'p@ss' }
        : undefined,
};

describe('sql scraper', () => {
  it('fills $(username)/$(password) from auth, and resolves named connections', async () => {
    const secrets = new StaticSecretResolver({ 'secret/db/password': 's3cret' });
    const withAuth = spec({
      connection: 'postgres://$(username):$(password)@h/db',
      auth: { username: { value: 'u' }, password: { valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } } },
    });
    expect(await connectionUrl(withAuth, { baseDir: '.', secrets })).toBe('postgres://u:s3cret@h/db');
    expect(await connectionUrl(spec({ connection: 'connection://Postgres/main' }), { baseDir: '.', secrets, connections })).toBe(
      'postgres://app:p%20w@db/main',
    );
    // Credentials kept beside the URL, as the connection form stores them, become its user part.
    expect(await connectionUrl(spec({ connection: 'connection://default/apart' }), { baseDir: '.', secrets, connections })).toBe(
      'postgres://app:p%40ss@db:5432/app',
    );
    await expect(
      connectionUrl(spec({ connection: 'connection://Postgres/other' }), { baseDir: '.', secrets, connections }),
    ).rejects.toThrow('connection: connection://Postgres/other not found');
    await expect(connectionUrl(spec({ connection: 'connection://Postgres/main' }), { baseDir: '.', secrets })).rejects.toThrow(
      'no connections are configured',
    );
    expect(redactUrl('postgres://u:secret@h:5432/db')).toBe('postgres://u:***@h:5432/db');
    expect(redactUrl('host=h port=1 user=u password=s3cret dbname=x')).toBe('host=h port=1 user=u password=*** dbname=x');
    expect(redactUrl("host=h PASSWORD = 'a b\\' c' dbname=x")).toBe('host=h PASSWORD = *** dbname=x');
  });

  it('refuses drivers other than PostgreSQL and reports unreachable servers', async () => {
    const ctx = { baseDir: '.', secrets: new StaticSecretResolver(), timeoutMs: 2000 };
    const mysql = await sqlScraper.scrape(spec({ connection: 'mysql://x', driver: 'mysql' }), ctx, 'sql[0]');
    expect(mysql.errors[0]!.message).toBe('driver: "mysql" is not supported (only PostgreSQL)');
    const down = await sqlScraper.scrape(spec({ connection: 'postgres://u:pw@127.0.0.1:1/db' }), ctx, 'sql[0]');
    expect(down.errors[0]!.message).toMatch(/^query failed: /);
    expect(down.errors[0]!.message).not.toContain(':pw@');
    expect(down.complete).toBe(false);
  });
});
