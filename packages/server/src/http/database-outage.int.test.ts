// A database outage: while the database cannot be reached the API answers 503 with
// Retry-After every time (not 500 once connections are refused), and the check scheduler logs the outage
// once when it starts and once when it ends, not on every claim. The server reaches PostgreSQL through a
// loopback TCP proxy, which the test closes (refusing connections, as a stopped PostgreSQL does) and reopens.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../test/peers/tcp-listener.js';
import { spawnServer, stopSpawned, waitFor, type SpawnedServer } from '../test/spawned-server.js';
import { createTestDatabase } from '../test/test-db.js';

const PASSWORD = 'outage-admin-pw-1';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: net.Server | undefined;
let proxyPort: number;
const sockets = new Set<net.Socket>();
let server: SpawnedServer | undefined;

function openProxy(target: URL): Promise<void> {
  proxy = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  return new Promise((r) => proxy!.listen(proxyPort, '127.0.0.1', r));
}

async function closeProxy(): Promise<void> {
  const p = proxy;
  proxy = undefined;
  for (const s of sockets) s.destroy();
  if (p) await new Promise((r) => p.close(r));
}

beforeAll(async () => {
  db = await createTestDatabase();
  proxyPort = await closedPort();
  await openProxy(new URL(db.url));
});
afterAll(async () => {
  await stopSpawned(server);
  await closeProxy();
  await db.drop();
});

// Both spec schedulers (canaries and scrapers) log an outage once when it starts and once when it ends.
const schedulerLines = (kind = 'canary') =>
  server!
    .output()
    .split('\n')
    .filter((l) => l.includes(`${kind} scheduler:`));

describe('a database outage', () => {
  it('answers 503 with Retry-After throughout and the spec schedulers log once per state change', { timeout: 90_000 }, async () => {
    const url = new URL(db.url);
    url.host = `127.0.0.1:${proxyPort}`;
    server = await spawnServer({ DATABASE_URL: url.toString(), PORT: String(await closedPort()) }, PASSWORD, 60_000);
    expect((await server.request('/api/auth/whoami')).status).toBe(200);

    const summary = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ groupBy: ['type'] }) };
    expect((await server.request('/api/catalog/summary', summary)).status).toBe(200);
    await closeProxy();
    const statuses = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = await server.request('/api/catalog/summary', summary).catch((err: unknown) => {
        throw new Error(`no answer while the database is down:\n${server!.output().slice(-3000)}`, { cause: err });
      });
      statuses.add(`${r.status} retry-after=${r.headers.get('retry-after')}`);
      const rest = await server.request('/api/db/checks?limit=1');
      statuses.add(`data API ${rest.status} retry-after=${rest.headers.get('retry-after')}`);
      await new Promise((res) => setTimeout(res, 200));
    }
    expect([...statuses].sort()).toEqual(['503 retry-after=5', 'data API 503 retry-after=5']);
    for (const kind of ['canary', 'scraper']) {
      expect(schedulerLines(kind)).toHaveLength(1);
      expect(schedulerLines(kind)[0]).toContain('the database is unavailable');
    }

    await openProxy(new URL(db.url));
    expect(await waitFor(() => schedulerLines().length === 2 && schedulerLines('scraper').length === 2, 10_000)).toBe(true);
    expect(schedulerLines()[1]).toContain('the database is back');
    expect(schedulerLines('scraper')[1]).toContain('the database is back');
    expect((await server.request('/api/catalog/summary', summary)).status).toBe(200);
  });
});
