// Issue 5 benchmarks (UI): a 2,000-node relationship graph laid out in Chromium < 1 s, and a 2 MB config
// body shown < 1 s; issue 17: a small graph (6 nodes) drawn < 400 ms after navigation. The built server runs on a fresh embedded PostgreSQL under bench/.work/catalog-ui,
// seeded with SQL; Debian's Chromium (never a downloaded browser) loads the pages signed in as admin.
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { BODY_BYTES, GRAPH_SCALE, seedGraph, seedLargeBody, seedSmallGraph } from './catalog-ui-seed.js';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../packages/e2e/src/chromium.js';
import { figure, formatNumber as n, runBench, WORK_DIR } from './lib/result.js';
import { signIn } from './lib/browser-sign-in.js';
import { startBenchServer } from './lib/server.js';
import { summarize } from './lib/stats.js';

const QUICK = process.env.BENCH_QUICK === '1';
const GRAPH = '[role="figure"][aria-label="Relationship graph"]';

/** One load of the graph: navigation → nodes on screen, and the page's own layout-to-screen time. */
async function loadGraph(
  page: Page,
  url: string,
): Promise<{ totalMs: number; renderMs: number; layoutMs: number; nodes: number; domNodes: number }> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const graph = page.locator(`${GRAPH}[data-render-ms]`);
  await graph.waitFor({ state: 'attached', timeout: 60_000 });
  await page.locator('.react-flow__node').first().waitFor({ state: 'visible', timeout: 60_000 });
  const totalMs = Date.now() - started;
  const attr = async (name: string) => Number(await graph.getAttribute(name));
  return {
    totalMs,
    renderMs: await attr('data-render-ms'),
    layoutMs: await attr('data-layout-ms'),
    nodes: await attr('data-node-count'),
    domNodes: await page.locator('.react-flow__node').count(),
  };
}

/**
 * Installed in every page of a context: records on the page's own clock (0 = navigation start) when `nodes`
 * graph nodes are first all drawn (`__graphDrawnAt`), when the Relationships table first shows the root's
 * `nodes - 1` related items (`__tableDrawnAt`), and when the last click happened (`__clickedAt`), so the
 * figures hold no Playwright polling or action overhead.
 */
function graphProbe(nodes: number): string {
  return `(() => {
    addEventListener('click', () => { window.__clickedAt = performance.now(); }, true);
    const poll = () => {
      const drawn = document.querySelectorAll('.react-flow__node');
      const last = drawn[drawn.length - 1];
      if (window.__graphDrawnAt === undefined && drawn.length >= ${nodes} && last.getBoundingClientRect().width > 0 && getComputedStyle(last).visibility === 'visible')
        window.__graphDrawnAt = performance.now();
      if (window.__tableDrawnAt === undefined && document.querySelectorAll('table[aria-label="Relationships"] tbody tr').length >= ${nodes - 1})
        window.__tableDrawnAt = performance.now();
      if (performance.now() < 60000) requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  })()`;
}

/** Waits for the probe's time of `what` being drawn and returns it (ms since navigation start). */
async function drawnAt(page: Page, what: 'graph' | 'table' = 'graph'): Promise<number> {
  const key = what === 'graph' ? '__graphDrawnAt' : '__tableDrawnAt';
  // A function, not a string: the page's CSP forbids eval.
  await page.waitForFunction((k) => (globalThis as unknown as Record<string, number | undefined>)[k] !== undefined, key, {
    timeout: 60_000,
  });
  return Number(await page.evaluate(`window.${key}`));
}

/**
 * One load of a small graph: navigation start → every node drawn. `fresh` opens a new browser context with
 * the session's cookies, so no chunk is cached (a first visit); otherwise the page's cache is warm.
 */
async function loadSmallGraph(page: Page, url: string, nodes: number, fresh: boolean, what: 'graph' | 'table' = 'graph'): Promise<number> {
  const target = fresh
    ? await page
        .context()
        .browser()!
        .newContext({ storageState: await page.context().storageState(), baseURL: BASE(page) })
        .then((c) => c.newPage())
    : page;
  try {
    if (fresh) await target.addInitScript(graphProbe(nodes));
    await target.goto(what === 'graph' ? url : url.replace('view=graph', 'view=table'), { waitUntil: 'commit' });
    return await drawnAt(target, what);
  } finally {
    if (fresh) await target.context().close();
  }
}

/** From the Relationships table of the small graph's root, a click on Graph → every node drawn. */
async function switchToSmallGraph(page: Page, url: string): Promise<number> {
  await page.goto(url.replace('view=graph', 'view=table'));
  await page.getByRole('table', { name: 'Relationships' }).waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByRole('button', { name: 'Graph' }).click();
  const drawn = await drawnAt(page);
  return drawn - Number(await page.evaluate('window.__clickedAt'));
}

/** The origin a page was opened on (for new contexts that reuse it as their base URL). */
const BASE = (page: Page): string => new URL(page.url()).origin;

/** One load of the config page: navigation → the first body line visible. */
async function loadBody(page: Page, url: string): Promise<{ ms: number; lines: number; domLines: number }> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const body = page.getByRole('region', { name: 'Config' });
  await body.locator('[data-line="1"]').waitFor({ state: 'visible', timeout: 60_000 });
  const ms = Date.now() - started;
  return { ms, lines: Number(await body.getAttribute('data-line-count')), domLines: await body.locator('[data-line]').count() };
}

/** ELK's layered layout alone on the same 2,000-node tree in Node (same V8 as Chromium), for comparison. */
async function elkAlone(): Promise<number> {
  const require = createRequire(path.resolve(import.meta.dirname, '../packages/web/package.json'));
  const ELK = require('elkjs/lib/elk.bundled.js') as new () => { layout: (g: unknown) => Promise<unknown> };
  const elk = new ELK();
  const children = Array.from({ length: GRAPH_SCALE.items + 1 }, (_, i) => ({ id: `n${i}`, width: 400, height: 100 }));
  const edges = children.slice(1).map((c, i) => ({ id: `e${i}`, sources: [`n${Math.floor(i / GRAPH_SCALE.branching)}`], targets: [c.id] }));
  const options = {
    'elk.algorithm': 'layered',
    'elk.direction': 'RIGHT',
    'elk.layered.spacing.nodeNodeBetweenLayers': '120',
    'elk.spacing.nodeNode': '100',
    'elk.edgeRouting': 'POLYLINE',
  };
  const started = performance.now();
  await elk.layout({ id: 'root', layoutOptions: options, children, edges });
  return performance.now() - started;
}

await runBench(
  'catalog-ui',
  'Catalogue screens in Chromium: 2,000-node relationship graph, 6-node graph and 2 MB config body — issues 5 and 17',
  async () => {
    const dataDir = path.join(WORK_DIR, 'catalog-ui');
    rmSync(dataDir, { recursive: true, force: true });
    const server = await startBenchServer(dataDir);
    const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
    let browser: Browser | undefined;
    try {
      const seedStart = Date.now();
      const graph = await seedGraph(pool);
      const body = await seedLargeBody(pool);
      const small = await seedSmallGraph(pool);
      const seedSeconds = (Date.now() - seedStart) / 1000;
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
      const page = await signIn(browser, server.url, server.adminEmail, server.adminPassword);
      const iterations = QUICK ? 2 : 7;

      const graphUrl = `/catalog/${graph.rootId}/relationships?relation=soft&view=graph`;
      const graphCold = await loadGraph(page, graphUrl);
      const graphRuns = [];
      for (let i = 0; i < iterations; i++) graphRuns.push(await loadGraph(page, graphUrl));
      const render = summarize(graphRuns.map((r) => r.renderMs));
      const layout = summarize(graphRuns.map((r) => r.layoutMs));
      const total = summarize(graphRuns.map((r) => r.totalMs));

      const smallUrl = `/catalog/${small.rootId}/relationships?relation=soft&view=graph`;
      const smallFresh = [];
      const smallWarm = [];
      await page.context().addInitScript(graphProbe(small.nodes));
      for (let i = 0; i < iterations; i++) smallFresh.push(await loadSmallGraph(page, smallUrl, small.nodes, true));
      for (let i = 0; i < iterations; i++) smallWarm.push(await loadSmallGraph(page, smallUrl, small.nodes, false));
      const tableFresh = [];
      for (let i = 0; i < iterations; i++) tableFresh.push(await loadSmallGraph(page, smallUrl, small.nodes, true, 'table'));
      const tableCold = summarize(tableFresh);
      const smallSwitch = [];
      for (let i = 0; i < iterations; i++) smallSwitch.push(await switchToSmallGraph(page, smallUrl));
      const smallSwitched = summarize(smallSwitch);
      const smallCold = summarize(smallFresh);
      const smallCached = summarize(smallWarm);

      const bodyUrl = `/catalog/${body.id}`;
      const bodyCold = await loadBody(page, bodyUrl);
      const bodyRuns = [];
      for (let i = 0; i < iterations; i++) bodyRuns.push(await loadBody(page, bodyUrl));
      const shown = summarize(bodyRuns.map((r) => r.ms));
      const elkMs = await elkAlone();

      const lastGraph = graphRuns.at(-1)!;
      const lastBody = bodyRuns.at(-1)!;
      const figures = [
        figure(`2,000-node relationship graph laid out and drawn (${n(lastGraph.nodes)} nodes), median`, render.p50, 'ms', { max: 1000 }),
        figure(`${small.nodes}-node relationship graph: navigation → every node drawn, chunks cached, median`, smallCached.p50, 'ms', {
          max: 400,
        }),
        figure(
          `${small.nodes}-node relationship graph: Graph clicked on the Relationships table → every node drawn, median`,
          smallSwitched.p50,
          'ms',
          {
            max: 400,
          },
        ),
        figure(`2 MB config body shown (${n(body.bytes / 1e6)} MB, ${n(lastBody.lines)} lines), median page load`, shown.p50, 'ms', {
          max: 1000,
        }),
      ];
      const markdown = [
        QUICK ? '> BENCH_QUICK=1: shortened run, figures are indicative only.\n' : '',
        `Seeded a root item with ${n(graph.items)} related items (a tree, ${GRAPH_SCALE.branching} children a parent, 2 of each of 2 types, so no`,
        `intermediary node hides any) linked by soft relationships, and one item with a ${n(body.bytes / 1e6)} MB Kubernetes-like body`,
        `(${n(BODY_BYTES / 1024 / 1024)} MiB target), in ${n(seedSeconds)} s. Chromium ${browser.version()} (Debian, headless, 1440×900), signed in`,
        `as admin, loads each page once cold, then ${iterations} more times; figures are medians of those.`,
        '',
        '| measure | cold ms | p50 ms | p95 ms | max ms |',
        '|---|---:|---:|---:|---:|',
        `| graph: layout requested → nodes drawn (model, layout worker, React Flow) | ${n(graphCold.renderMs)} | ${n(render.p50)} | ${n(render.p95)} | ${n(render.max)} |`,
        `| graph: layout in the worker alone | ${n(graphCold.layoutMs)} | ${n(layout.p50)} | ${n(layout.p95)} | ${n(layout.max)} |`,
        `| graph: navigation → nodes on screen (page, chunks, related-items call included) | ${n(graphCold.totalMs)} | ${n(total.p50)} | ${n(total.p95)} | ${n(total.max)} |`,
        `| small graph (${small.nodes} nodes): navigation → every node drawn, first visit (fresh browser context) | ${n(smallFresh[0]!)} | ${n(smallCold.p50)} | ${n(smallCold.p95)} | ${n(smallCold.max)} |`,
        `| small graph (${small.nodes} nodes) as the Relationships table: navigation → its ${small.nodes - 1} rows shown, first visit (fresh browser context) | ${n(tableFresh[0]!)} | ${n(tableCold.p50)} | ${n(tableCold.p95)} | ${n(tableCold.max)} |`,
        `| small graph (${small.nodes} nodes): navigation → every node drawn, chunks cached | ${n(smallWarm[0]!)} | ${n(smallCached.p50)} | ${n(smallCached.p95)} | ${n(smallCached.max)} |`,
        `| small graph (${small.nodes} nodes): Graph clicked on the Relationships table → every node drawn | ${n(smallSwitch[0]!)} | ${n(smallSwitched.p50)} | ${n(smallSwitched.p95)} | ${n(smallSwitched.max)} |`,
        `| config body: navigation → first line visible (2 MB detail call, sort, lines) | ${n(bodyCold.ms)} | ${n(shown.p50)} | ${n(shown.p95)} | ${n(shown.max)} |`,
        '',
        `The graph has ${n(lastGraph.nodes)} nodes; React Flow keeps ${n(lastGraph.domNodes)} of them in the DOM (only those in view).`,
        `Graphs over 300 nodes use the linear-time tree layout in a Web Worker; ELK's layered algorithm alone takes ${n(elkMs)} ms on the same`,
        `2,000-node tree in Node on this machine (cheapest edge routing), so ELK lays out graphs up to 300 nodes. The body has ${n(lastBody.lines)}`,
        `lines; ${n(lastBody.domLines)} are in the DOM (virtualised). Small-graph rows are timed by the page's own clock, from`,
        `navigation start (or the click's event) to the first frame with every node drawn; their 'cold' column is the first of the`,
        `${iterations} loads, and every first-visit load opens a new browser context with the session's cookies and an empty cache.`,
        `A first visit downloads the whole app, so it has no target of its own: the graph then takes ${n(smallCold.p50 - tableCold.p50)} ms more`,
        `than the same page as a table (React Flow's chunk, fetched beside the data); small graphs never load ELK's worker.`,
      ].join('\n');
      return { figures, markdown };
    } finally {
      await browser?.close();
      await pool.end();
      await server.stop();
      if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
