// Issue 14 benchmark: /settings/connections and /settings/canaries with 5,000 rows each paint their first
// row in < 1 s in Chromium, and resolving `connection://` adds < 1 ms (p50) to a check run, measured in the
// same run against the same check with an inline URL.
// The built server runs on a fresh embedded PostgreSQL under bench/.work/settings-connections. Connections
// are created through the API (their secrets must be sealed by the server); canaries are inserted with SQL
// and have no checks, so nothing runs while the browser is timed.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../packages/e2e/src/chromium.js';
import type { Config } from '../packages/server/dist/config.js';
import type { AppContext } from '../packages/server/dist/context.js';
import type { Database } from '../packages/server/dist/db/schema.js';
import { createConnectionResolvers, findConnectionForUse } from '../packages/server/dist/modules/connections/index.js';
import { parseCanary, runCheck, type EngineCheck, type RunOptions } from '../packages/server/dist/modules/health/engine/index.js';
import { figure, formatNumber as n, runBench, WORK_DIR } from './lib/result.js';
import { signIn } from './lib/browser-sign-in.js';
import { startBenchServer } from './lib/server.js';
import { summarize } from './lib/stats.js';

const QUICK = process.env.BENCH_QUICK === '1';
const ROWS = 5000;
const SECRET_KEY = 'bench-settings-connections-secret-key-0123456789';

/** Milliseconds from the start of navigation to the first data row of the named table on screen. */
async function timeFirstRow(page: Page, url: string, table: string): Promise<number> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(`table[aria-label="${table}"] tbody tr:has(td)`).first().waitFor({ state: 'visible', timeout: 60_000 });
  return Date.now() - started;
}

/** Creates `count` connections through POST /api/connections, eight at a time, from the signed-in page. */
async function seedConnections(page: Page, count: number): Promise<void> {
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, i) => start + i);
    await Promise.all(
      batch.map(async (i) => {
        const res = await page.request.post('/api/connections', {
          data: {
            name: `bench-conn-${i}`,
            namespace: `bench-ns-${i % 8}`,
            type: i % 3 === 0 ? 'postgres' : i % 3 === 1 ? 'http' : 'redis',
            url:
              i % 3 === 0
                ? `postgres://db-${i}.example:5432/app`
                : i % 3 === 1
                  ? `https://api-${i}.example`
                  : `redis://cache-${i}.example:6379`,
            username: `user-${i}`,
            password: `secret-${i}`,
          },
        });
        if (res.status() !== 201) throw new Error(`creating connection ${i}: ${res.status()} ${await res.text()}`);
      }),
    );
  }
}

async function seedCanaries(pool: pg.Pool, count: number): Promise<void> {
  await pool.query(
    `INSERT INTO canaries (name, namespace, spec, labels, source)
     SELECT 'bench-canary-' || g, 'bench-ns-' || (g % 8), '{}'::jsonb,
            jsonb_build_object('suite', 'bench', 'team', 'team-' || (g % 5)), 'UI'
     FROM generate_series(1, $1::int) g`,
    [count],
  );
}

/** The same postgres check twice: its URL written inline, and by `connection://` to a stored connection. */
function postgresChecks(pgUrl: string): { inline: EngineCheck; byRef: EngineCheck } {
  const canary = (name: string, check: Record<string, unknown>) =>
    parseCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name, namespace: 'default' },
      spec: { postgres: [{ name: 'select-one', query: 'SELECT 1', results: 1, ...check }] },
    }).checks[0]!;
  return { inline: canary('inline', { url: pgUrl }), byRef: canary('by-ref', { connection: 'connection://default/bench-pg' }) };
}

await runBench('settings-connections', 'Settings lists with 5,000 rows and connection resolution — issue 14', async () => {
  const dataDir = path.join(WORK_DIR, 'settings-connections');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startBenchServer(dataDir, { env: { OPS_SECRET_KEY: SECRET_KEY } });
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: server.pgUrl, max: 2 }) }) });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const page = await signIn(browser, server.url, server.adminEmail, server.adminPassword);
    const seedStart = Date.now();
    await seedConnections(page, ROWS);
    await seedCanaries(pool, ROWS);
    const seedSeconds = (Date.now() - seedStart) / 1000;

    // (a) first paint of the two settings lists: one cold load each, then the median of the loads after it.
    const iterations = QUICK ? 2 : 7;
    const lists = [
      { name: '/settings/connections', url: '/settings/connections', table: 'Connections' },
      { name: '/settings/canaries', url: '/settings/canaries', table: 'Health' },
    ];
    const painted = [];
    for (const list of lists) {
      const cold = await timeFirstRow(page, list.url, list.table);
      const warm = [];
      for (let i = 0; i < iterations; i++) warm.push(await timeFirstRow(page, list.url, list.table));
      painted.push({ ...list, cold, warm: summarize(warm) });
    }

    // (b) resolution cost: the same postgres check against the server's own PostgreSQL, alternating inline and
    // by reference so drift in the machine's load falls on both alike; the resolver is the server's own.
    const created = await page.request.post('/api/connections', {
      data: { name: 'bench-pg', type: 'postgres', url: server.pgUrl },
    });
    if (created.status() !== 201) throw new Error(`creating bench-pg: ${created.status()} ${await created.text()}`);
    const config = { OPS_SECRET_KEY: SECRET_KEY, dataDir } as unknown as Config;
    const ctx = { db: { kysely }, config } as unknown as AppContext;
    const options: RunOptions = { timeoutMs: 10_000, connections: createConnectionResolvers(ctx) };
    const { inline, byRef } = postgresChecks(server.pgUrl);
    const runs = QUICK ? 30 : 300;
    const inlineMs: number[] = [];
    const refMs: number[] = [];
    const resolveMs: number[] = [];
    const coldMs: number[] = [];
    for (let i = 0; i < 20; i++) await Promise.all([runCheck(inline, options), runCheck(byRef, options)]); // warm pools and JIT
    for (let i = 0; i < runs; i++) {
      for (const [check, into] of i % 2
        ? ([
            [inline, inlineMs],
            [byRef, refMs],
          ] as const)
        : ([
            [byRef, refMs],
            [inline, inlineMs],
          ] as const)) {
        const t = performance.now();
        const result = await runCheck(check, options);
        into.push(performance.now() - t);
        if (!result.pass) throw new Error(`check ${check.name} failed: ${result.error}`);
      }
      const t = performance.now();
      await options.connections!.get({ namespace: 'default', name: 'bench-pg' });
      resolveMs.push(performance.now() - t);
      const cold = performance.now();
      await findConnectionForUse(ctx, { namespace: 'default', name: 'bench-pg' });
      coldMs.push(performance.now() - cold);
    }
    const inlineStats = summarize(inlineMs);
    const refStats = summarize(refMs);
    const resolveStats = summarize(resolveMs);
    const coldStats = summarize(coldMs);
    const added = refStats.p50 - inlineStats.p50;

    const [connections, canaries] = painted;
    const figures = [
      figure('/settings/connections first row visible, 5,000 connections, median load', connections!.warm.p50, 'ms', { max: 1000 }),
      figure('/settings/canaries first row visible, 5,000 canaries, median load', canaries!.warm.p50, 'ms', { max: 1000 }),
      figure('connection:// resolution added to a postgres check run (p50 by reference − p50 inline)', added, 'ms', { max: 1 }),
    ];
    const markdown = [
      QUICK ? '> BENCH_QUICK=1: shortened run, figures are indicative only.\n' : '',
      `Seeded ${n(ROWS)} connections through \`POST /api/connections\` (postgres, http and redis, each with a sealed password)`,
      `and ${n(ROWS)} canaries with SQL in ${n(seedSeconds)} s. Chromium ${browser.version()} (Debian, headless, 1440×900),`,
      'signed in as admin, navigates to each page; the time runs from the start of navigation until the first data row is',
      `visible (HTML, shell and page chunks, who-am-I, feature flags and the page's list call included). Each page is loaded`,
      `once cold, then ${iterations} more times; the figure is the median of those. Both lists are paged on the server.`,
      '',
      '| page | cold ms | p50 ms | p95 ms | max ms |',
      '|---|---:|---:|---:|---:|',
      ...painted.map((p) => `| ${p.name} | ${n(p.cold)} | ${n(p.warm.p50)} | ${n(p.warm.p95)} | ${n(p.warm.max)} |`),
      '',
      `Resolution: one postgres check (\`SELECT 1\` against the bench server's PostgreSQL) run ${n(runs)} times with its URL`,
      'inline and as many times with `connection: connection://default/bench-pg`, alternating, in this process with the',
      "server's own resolver over the same database. The resolver keeps a resolved connection for 5 s (writes through the",
      'server forget it at once), so a run usually pays a memory lookup; a cold resolution (a read by namespace and name',
      'plus AES-GCM opening of the sealed fields) is paid at most once per connection every 5 s. Both are timed alone.',
      '',
      '| run | p50 ms | p95 ms | max ms |',
      '|---|---:|---:|---:|',
      `| check, URL inline | ${n(inlineStats.p50)} | ${n(inlineStats.p95)} | ${n(inlineStats.max)} |`,
      `| check, connection:// | ${n(refStats.p50)} | ${n(refStats.p95)} | ${n(refStats.max)} |`,
      `| resolver, as a check run calls it | ${n(resolveStats.p50)} | ${n(resolveStats.p95)} | ${n(resolveStats.max)} |`,
      `| cold resolution (database read + decryption) | ${n(coldStats.p50)} | ${n(coldStats.p95)} | ${n(coldStats.max)} |`,
    ].join('\n');
    return { figures, markdown };
  } finally {
    await browser?.close();
    await kysely.destroy();
    await pool.end();
    await server.stop();
    if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
});
