import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startServer } from './server.js';
import { createTestDatabase } from './test/test-db.js';

describe('server lifecycle', () => {
  it('bootstraps a generated admin password once, writes it to the data dir, and keeps data across restarts', async () => {
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-data-'));
    const config = loadConfig({ DATABASE_URL: db.url, PORT: '0', OPS_DATA_DIR: dataDir, OPS_LOG_LEVEL: 'silent', OPS_JOBS: 'false' }, 't');
    const printed: string[] = [];
    let server = await startServer(config, { serveWeb: false, print: (s) => printed.push(s) });
    try {
      const file = path.join(dataDir, 'admin-password');
      expect(existsSync(file)).toBe(true);
      const password = readFileSync(file, 'utf8').trim();
      expect(printed.join('\n')).toContain(password);
      const auth = `Basic ${Buffer.from(`admin@ops.local:${password}`).toString('base64')}`;
      const who = await fetch(`${server.url}/api/auth/whoami`, { headers: { authorization: auth } });
      expect(who.status).toBe(200);
      await server.db.pool.query("INSERT INTO saved_query (name) VALUES ('kept')");
      await server.stop();

      printed.length = 0;
      server = await startServer(config, { serveWeb: false, print: (s) => printed.push(s) });
      expect(printed).toEqual([]); // no second admin, no new password
      const { rows } = await server.db.pool.query("SELECT count(*)::int AS n FROM saved_query WHERE name = 'kept'");
      expect(rows[0].n).toBe(1);
      const again = await fetch(`${server.url}/api/auth/whoami`, { headers: { authorization: auth } });
      expect(again.status).toBe(200);
    } finally {
      await server.stop();
      await db.drop();
    }
  });

  it('runs on the embedded PostgreSQL by default and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-embedded-'));
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const config = loadConfig({ PORT: '0', OPS_DATA_DIR: dataDir, OPS_EMBEDDED_PG_PORT: port, OPS_ADMIN_PASSWORD: 'first-admin-pw', OPS_LOG_LEVEL: 'silent', OPS_JOBS: 'false' }, 't');
    let server = await startServer(config, { serveWeb: false, print: () => undefined });
    try {
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      await server.db.pool.query("INSERT INTO saved_query (name) VALUES ('survives')");
      await server.stop();
      server = await startServer(config, { serveWeb: false, print: () => undefined });
      const { rows } = await server.db.pool.query("SELECT count(*)::int AS n FROM saved_query WHERE name = 'survives'");
      expect(rows[0].n).toBe(1);
    } finally {
      await server.stop();
    }
  });
});
