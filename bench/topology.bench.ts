// Issue 15 benchmark: (a) 5,000 components in 50 topologies with 20,000 checks: GET /api/canary/api/topology
// p50 < 100 ms and /topology first card in Chromium < 1.5 s; (b) a topology run that produces 5,000 components,
// against the catalogue's own ingestion rate measured in the same run; (c) the logs viewer over a
// 1,000,000-line file backend: first page < 1 s, scrolling 100,000 lines without a frame longer than 100 ms.
// The built server runs on a fresh embedded PostgreSQL under bench/.work/topology with OPS_JOBS=false (the
// seeded canaries have no specs the scheduler could sync; topology runs go through POST /api/topology/{id}/run).
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../packages/e2e/src/chromium.js';
import { measurePersistence, keepAlivePost } from './lib/catalog-ingest.js';
import { basicAuth, keepAliveGet } from './lib/http-get.js';
import { figure, formatNumber as n, runBench, WORK_DIR } from './lib/result.js';
import { signIn } from './lib/browser-sign-in.js';
import { startBenchServer } from './lib/server.js';
import { summarize } from './lib/stats.js';
import { CHECKS_PER_COMPONENT, COMPONENTS_PER_TOPOLOGY, seedDashboard, TOPOLOGIES, writeLogFile } from './topology-seed.js';

const QUICK = process.env.BENCH_QUICK === '1';
const RUN_COMPONENTS = 5000;
const LOG_LINES = QUICK ? 200_000 : 1_000_000;
const SCROLL_LINES = QUICK ? 20_000 : 100_000;
const CARD = '[data-testid="topology-card"]';
const LOG_ROW = 'div[role="table"] [role="row"][aria-rowindex="2"]';
const LOG_SCROLLER = 'div[role="table"]';
const LOG_ROW_PX = 62;

/** A loopback HTTP peer answering every GET with `{items: [...]}` of `count` pods for the run's lookup. */
async function podsPeer(count: number): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify({
    items: Array.from({ length: count }, (_, i) => ({ name: `pod-${i}`, namespace: `ns-${i % 20}`, cpu: (i * 7) % 1000 })),
  });
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/pods`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A Topology whose one lookup turns the peer's pods into 5,000 child components with two properties each. */
function runTopology(url: string) {
  return {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Topology',
    metadata: { name: 'bench-run', namespace: 'bench' },
    spec: {
      type: 'Cluster',
      icon: 'Kubernetes',
      schedule: '@every 24h',
      components: [
        {
          name: 'pods',
          type: 'Group',
          lookup: {
            http: [
              {
                name: 'pods',
                url,
                display: {
                  expr:
                    "json.items.map(p, {'name': p.name, 'type': 'Pod', 'namespace': p.namespace, " +
                    "'properties': [{'name': 'cpu', 'value': p.cpu, 'unit': 'millicores'}, {'name': 'namespace', 'text': p.namespace}]}).toJSON()",
                },
              },
            ],
          },
        },
      ],
    },
  };
}

/** Milliseconds from the start of navigation until `selector` is visible. */
async function timeFirst(page: Page, url: string, selector: string): Promise<number> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 60_000 });
  return Date.now() - started;
}

/**
 * Scrolls the log table down until `lines` rows have passed, a screen at a time on each animation frame (as a
 * fast wheel would), while the page loads older pages; returns the frame gaps the page's own clock measured.
 */
async function scrollLogs(page: Page, lines: number): Promise<{ frames: number[]; rows: number; ms: number }> {
  // A string, so the page's DOM names need no types here.
  return page.evaluate(`(async () => {
    const el = document.querySelector(${JSON.stringify(LOG_SCROLLER)});
    if (!el) throw new Error('no log table');
    const frames = [];
    const started = performance.now();
    let last = started;
    const target = ${lines} * ${LOG_ROW_PX};
    await new Promise((resolve, reject) => {
      const step = (now) => {
        frames.push(now - last);
        last = now;
        if (el.scrollTop >= target) return resolve();
        if (now - started > 180000) return reject(new Error('scrolled only ' + Math.round(el.scrollTop / ${LOG_ROW_PX}) + ' rows in 180 s'));
        el.scrollTop = Math.min(el.scrollTop + el.clientHeight, el.scrollHeight);
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    return { frames: frames.slice(1), rows: Math.round(el.scrollTop / ${LOG_ROW_PX}), ms: performance.now() - started };
  })()`);
}

await runBench('topology', 'Topology dashboard, topology runs and the logs viewer — issue 15', async () => {
  const dataDir = path.join(WORK_DIR, 'topology');
  const logDir = path.join(WORK_DIR, 'topology-logs');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const server = await startBenchServer(dataDir, { env: { OPS_JOBS: 'false', OPS_FILE_ROOTS: logDir } });
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
  const auth = { authorization: basicAuth(server.adminEmail, server.adminPassword), accept: 'application/json' };
  const get = keepAliveGet(server.url, auth);
  const post = keepAlivePost(server.url, auth);
  let browser: Browser | undefined;
  const peer = await podsPeer(RUN_COMPONENTS);
  try {
    // (a) the dashboard's data and first paint.
    let t = Date.now();
    const roots = await seedDashboard(pool);
    await pool.query('SELECT components_rollup(array_agg(id)) FROM topologies');
    const seedSeconds = (Date.now() - t) / 1000;
    const counts = await pool.query<{ components: string; checks: string }>(
      `SELECT (SELECT count(*) FROM components) AS components, (SELECT count(*) FROM check_component_relationships) AS checks`,
    );
    const calls = QUICK ? 15 : 60;
    const apiPaths = [
      { name: 'roots (the /topology default: status asc, hidden shown)', path: '/api/canary/api/topology?sortBy=status&sortOrder=asc' },
      { name: 'one topology by id (/topology/{id})', path: `/api/canary/api/topology?id=${roots[7]}` },
      { name: 'roots filtered to unhealthy', path: '/api/canary/api/topology?status=unhealthy' },
    ];
    const api = [];
    for (const a of apiPaths) {
      const first = await get(a.path);
      if (first.status !== 200) throw new Error(`${a.path}: ${first.status} ${first.body.slice(0, 300)}`);
      const ms: number[] = [];
      for (let i = 0; i < calls; i++) {
        const s = performance.now();
        const r = await get(a.path);
        ms.push(performance.now() - s);
        if (r.status !== 200) throw new Error(`${a.path}: ${r.status}`);
      }
      api.push({ ...a, bytes: first.body.length, stats: summarize(ms) });
    }

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const page = await signIn(browser, server.url, server.adminEmail, server.adminPassword);
    const loads = QUICK ? 2 : 7;
    const coldPaint = await timeFirst(page, '/topology', CARD);
    const paints: number[] = [];
    for (let i = 0; i < loads; i++) paints.push(await timeFirst(page, '/topology', CARD));
    const paint = summarize(paints);
    const cards = await page.locator(CARD).count();

    // (b) a run producing 5,000 components: created, then the same again (updated), against catalogue ingestion.
    const applied = await post('/api/resources/apply', runTopology(peer.url));
    if (applied.status >= 300) throw new Error(`apply: ${applied.status} ${applied.body}`);
    const topo = await pool.query<{ id: string }>(`SELECT id FROM topologies WHERE name = 'bench-run'`);
    const topologyId = topo.rows[0]!.id;
    const runs: Array<{ ms: number; components: number }> = [];
    for (let i = 0; i < (QUICK ? 2 : 4); i++) {
      const s = performance.now();
      const r = await post(`/api/topology/${topologyId}/run`, {});
      const ms = performance.now() - s;
      if (r.status !== 200) throw new Error(`run: ${r.status} ${r.body}`);
      const out = JSON.parse(r.body) as { status: string; components: number; errors: string[] };
      if (out.status !== 'SUCCESS' && out.status !== 'success') throw new Error(`run ${out.status}: ${out.errors.join('; ')}`);
      runs.push({ ms, components: out.components });
    }
    const produced = await pool.query<{ n: string }>('SELECT count(*) AS n FROM components WHERE topology_id = $1 AND deleted_at IS NULL', [
      topologyId,
    ]);
    const rerun = summarize(runs.slice(1).map((r) => r.ms));
    const runRate = (Number(produced.rows[0]!.n) / rerun.p50) * 1000;
    const ingest = await measurePersistence(pool, RUN_COMPONENTS);

    // (c) the logs viewer over a file backend.
    // Outside the data directory, which specs may never read.
    const logFile = path.join(logDir, 'bench-app.log');
    t = Date.now();
    await writeLogFile(logFile, LOG_LINES);
    const writeSeconds = (Date.now() - t) / 1000;
    await pool.query(`INSERT INTO logging_backends (name, spec, source) VALUES ('bench-file', $1, 'bench')`, [
      JSON.stringify({ file: { path: logFile } }),
    ]);
    const logComponent = await pool.query<{ id: string }>(
      `INSERT INTO components (name, type, external_id, log_selectors) VALUES ('bench-app', 'Application', 'bench-app', $1) RETURNING id`,
      [JSON.stringify([{ name: 'app', backend: 'bench-file' }])],
    );
    const componentId = logComponent.rows[0]!.id;
    const firstPageMs: number[] = [];
    for (let i = 0; i < (QUICK ? 3 : 10); i++) {
      const s = performance.now();
      const r = await post('/api/logs', { id: componentId, name: 'app' });
      firstPageMs.push(performance.now() - s);
      if (r.status !== 200) throw new Error(`logs: ${r.status} ${r.body.slice(0, 300)}`);
    }
    const firstPage = summarize(firstPageMs);
    const viewerCold = await timeFirst(page, `/logs?topologyId=${componentId}`, LOG_ROW);
    const viewerWarm: number[] = [];
    for (let i = 0; i < (QUICK ? 2 : 5); i++) viewerWarm.push(await timeFirst(page, `/logs?topologyId=${componentId}`, LOG_ROW));
    const viewer = summarize(viewerWarm);
    const scrolled = await scrollLogs(page, SCROLL_LINES);
    const frames = summarize(scrolled.frames);
    const longFrames = scrolled.frames.filter((f) => f > 100).length;

    const [roots0] = api;
    const figures = [
      figure('(a) GET /api/canary/api/topology, 5,000 components / 20,000 checks — p50', roots0!.stats.p50, 'ms', { max: 100 }),
      figure('(a) /topology first card visible in Chromium, median load', paint.p50, 'ms', { max: 1500 }),
      figure('(b) topology run producing 5,000 components, re-run — p50', rerun.p50, 'ms', {}),
      figure('(b) topology run rate ÷ catalogue re-scrape rate (same run)', runRate / ingest.rescanPerSec, '×', {}),
      figure('(c) logs first page, 1,000,000-line file backend (POST /api/logs) — p50', firstPage.p50, 'ms', { max: 1000 }),
      figure('(c) /logs first row visible in Chromium, median load', viewer.p50, 'ms', { max: 1000 }),
      figure(`(c) longest frame scrolling ${n(scrolled.rows)} log lines`, frames.max, 'ms', { max: 100 }),
    ];
    const markdown = [
      QUICK ? '> BENCH_QUICK=1: shortened run, figures are indicative only.\n' : '',
      `(a) Seeded with SQL in ${n(seedSeconds)} s: ${TOPOLOGIES} topologies of ${COMPONENTS_PER_TOPOLOGY} components (a root, 9`,
      `groups, 90 leaves; ${n(Number(counts.rows[0]!.components))} components) and one canary of checks each, every component linked to`,
      `${CHECKS_PER_COMPONENT} checks (${n(Number(counts.rows[0]!.checks))} links, a tenth unhealthy), then rolled up once by`,
      '`components_rollup`. The API is called over one keep-alive connection as admin; each path once cold, then',
      `${calls} times timed.`,
      '',
      '| call | bytes | p50 ms | p95 ms | max ms |',
      '|---|---:|---:|---:|---:|',
      ...api.map((a) => `| ${a.name} | ${n(a.bytes)} | ${n(a.stats.p50)} | ${n(a.stats.p95)} | ${n(a.stats.max)} |`),
      '',
      `Chromium ${browser.version()} (Debian, headless, 1440×900), signed in as admin, loads /topology; the time runs from`,
      `the start of navigation until the first card is visible (${n(cards)} cards on the page). Cold ${n(coldPaint)} ms, then`,
      `${loads} loads: p50 ${n(paint.p50)} ms, p95 ${n(paint.p95)} ms, max ${n(paint.max)} ms.`,
      '',
      `(b) A Topology applied through \`POST /api/resources/apply\` whose one http lookup (a loopback peer) returns`,
      `${n(RUN_COMPONENTS)} pods that a CEL \`display.expr\` turns into components with two properties each, run through`,
      `\`POST /api/topology/{id}/run\`: first run (all created) ${n(runs[0]!.ms)} ms, re-runs (all matched and updated)`,
      `${runs
        .slice(1)
        .map((r) => n(r.ms))
        .join(', ')} ms — ${n(runRate)} components/s. The catalogue's persistence in the same run, on ${n(ingest.items)} ~5 KB`,
      `items: first ${n(ingest.firstPerSec)} items/s, re-scrape ${n(ingest.rescanPerSec)} items/s; the topology re-run is`,
      `${n(runRate / ingest.rescanPerSec)}× that rate (it includes the lookup's HTTP call, the CEL display and the roll-up).`,
      '',
      `(c) A file backend over ${n(LOG_LINES)} lines (JSON, logfmt and plain text in turn, written in ${n(writeSeconds)} s) read`,
      `by a component's log selector. \`POST /api/logs\` first page (newest lines, read from the end of the file): p50`,
      `${n(firstPage.p50)} ms, p95 ${n(firstPage.p95)} ms. /logs?topologyId= in Chromium: cold ${n(viewerCold)} ms, then p50`,
      `${n(viewer.p50)} ms to the first row. Scrolling a screen per animation frame through ${n(scrolled.rows)} lines`,
      `(older pages loaded by cursor as the end nears) took ${n(scrolled.ms / 1000)} s over ${n(scrolled.frames.length)} frames:`,
      `p50 ${n(frames.p50)} ms, p95 ${n(frames.p95)} ms, longest ${n(frames.max)} ms, ${longFrames} frames over 100 ms.`,
      "Grafana's logs panel is the reference users know; it renders a fixed window of lines (default limit 1,000).",
    ].join('\n');
    return { figures, markdown };
  } finally {
    await browser?.close();
    await peer.close();
    await pool.end();
    await server.stop();
    if (process.env.BENCH_KEEP !== '1') {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(logDir, { recursive: true, force: true });
    }
  }
});
