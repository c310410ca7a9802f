// Issue 4 benchmark (c): /health with 10,000 checks in Chromium — the table is visible in < 1.5 s.
// The built server runs on a fresh embedded PostgreSQL under bench/.work/health-ui, seeded with
// INSERT … SELECT; Debian's Chromium (never a downloaded browser) loads the page signed in as admin.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { HEALTH_UI_SCALE, seedHealthChecks } from './health-ui-seed.js';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../packages/e2e/src/chromium.js';
import { figure, formatNumber as n, runBench, WORK_DIR } from './lib/result.js';
import { signIn } from './lib/browser-sign-in.js';
import { startBenchServer } from './lib/server.js';
import { summarize } from './lib/stats.js';

const QUICK = process.env.BENCH_QUICK === '1';
const ROW = 'table[aria-label="Health checks"] tbody tr[data-index]';

/** Milliseconds from starting navigation to the first check row on screen, and how many rows the DOM holds. */
async function timeTableVisible(page: Page, url: string): Promise<{ ms: number; domRows: number }> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(ROW).first().waitFor({ state: 'visible', timeout: 180_000 });
  const ms = Date.now() - started;
  return { ms, domRows: await page.locator(ROW).count() };
}

await runBench('health-ui', 'Health dashboard with 10,000 checks in Chromium — issue 4 (c)', async () => {
  const dataDir = path.join(WORK_DIR, 'health-ui');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startBenchServer(dataDir);
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
  let browser: Browser | undefined;
  try {
    const seedStart = Date.now();
    const seeded = await seedHealthChecks(pool);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const page = await signIn(browser, server.url, server.adminEmail, server.adminPassword);
    page.setDefaultTimeout(180_000);
    // One untimed load first: the server's first summary over fresh data also warms PostgreSQL's caches.
    await timeTableVisible(page, '/health?hidePassing=false');
    const iterations = QUICK ? 2 : 7;
    const views = [
      { name: 'default view (/health: grouped by canary, Hide Passing on)', url: '/health' },
      { name: 'every check (/health?hidePassing=false&groupBy=no-group)', url: '/health?hidePassing=false&groupBy=no-group' },
    ];
    const results = [];
    for (const view of views) {
      // The first load fetches the page's chunks; the figure is the median of the loads after it.
      const cold = await timeTableVisible(page, view.url);
      const warm = [];
      for (let i = 0; i < iterations; i++) warm.push(await timeTableVisible(page, view.url));
      results.push({ ...view, cold, warm: summarize(warm.map((w) => w.ms)), domRows: warm.at(-1)?.domRows ?? 0 });
    }
    const summary = await page.evaluate(async () => {
      const t = performance.now();
      const res = await fetch('/api/canary/api/summary?start=1h&statuses=5');
      const text = await res.text();
      return {
        ms: performance.now() - t,
        bytes: text.length,
        rows: (JSON.parse(text) as { checks_summary: unknown[] }).checks_summary.length,
      };
    });
    const [main, all] = results;
    const figures = [
      figure('(c) /health table visible, 10,000 checks, median load', main!.warm.p50, 'ms', { max: 1500 }),
      figure('(c) /health table visible, all 10,000 rows listed, median load', all!.warm.p50, 'ms', { max: 1500 }),
    ];
    const markdown = [
      QUICK ? '> BENCH_QUICK=1: shortened run, figures are indicative only.\n' : '',
      `Seeded ${n(seeded.checks)} checks in ${n(HEALTH_UI_SCALE.canaries)} canaries (${n(HEALTH_UI_SCALE.failingShare * 100)}% unhealthy) and`,
      `${n(seeded.statuses)} check statuses of the last hour in ${n(seedSeconds)} s. Chromium ${browser.version()} (Debian, headless, 1440×900)`,
      'signed in as admin navigates to the page; the time runs from the start of navigation until the first check row is',
      'visible (HTML, the shell and page chunks, who-am-I, feature flags and the summary call included). Each view is loaded',
      `once cold, then ${iterations} more times; the figure is the median of those.`,
      '',
      '| view | cold ms | p50 ms | p95 ms | max ms | rows in the DOM |',
      '|---|---:|---:|---:|---:|---:|',
      ...results.map((r) => `| ${r.name} | ${n(r.cold.ms)} | ${n(r.warm.p50)} | ${n(r.warm.p95)} | ${n(r.warm.max)} | ${n(r.domRows)} |`),
      '',
      `The summary call alone from the page: ${n(summary.ms)} ms for ${n(summary.rows)} rows, ${n(summary.bytes / 1e6)} MB of JSON.`,
      'Rows are virtualised (35 px estimate, overscan 10), so the DOM holds only the rows in view whatever the count.',
    ].join('\n');
    return { figures, markdown };
  } finally {
    await browser?.close();
    await pool.end();
    await server.stop();
    if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
});
