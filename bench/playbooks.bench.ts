// Issue 16 benchmark: (a) 1,000 runs of a 3-action exec playbook queued at once through POST /api/playbook/run:
// start latency after a worker slot frees, runs per second and the server's RSS, against the same scripts run
// directly through the sandbox at the same concurrency in the same run; (b) a run page with a 50 MB action log:
// first line drawn in Chromium, the log text GET alone, and scrolling 100,000 lines frame by frame.
// The built server runs on a fresh embedded PostgreSQL under bench/.work/playbooks with its jobs on (the
// playbook engine is one of them) and OPS_PLAYBOOK_CONCURRENCY at its default of 5.
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../packages/e2e/src/chromium.js';
import { signIn } from './lib/browser-sign-in.js';
import { keepAlivePost } from './lib/catalog-ingest.js';
import { basicAuth } from './lib/http-get.js';
import { figure, formatNumber as n, runBench, WORK_DIR } from './lib/result.js';
import { processMemory, startBenchServer } from './lib/server.js';
import { summarize } from './lib/stats.js';
import { bigLog, directRuns, echoPlaybook, seedBigRun, startLatencies, type RunTimes } from './playbooks-seed.js';

const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 100 : 1000;
const CONCURRENCY = 5;
const POSTERS = 8;
const LOG_BYTES = 50 * 1024 * 1024;
const SCROLL_LINES = QUICK ? 20_000 : 100_000;
const LINE_PX = 18;
const WARM_LOADS = QUICK ? 2 : 5;

const loadavg = (): string => readFileSync('/proc/loadavg', 'utf8').trim();

/**
 * Submit RUNS runs through POST /api/playbook/run from every poster at once, then wait until all are final,
 * sampling the server's VmRSS every 100 ms meanwhile.
 */
async function queueAndWait(
  posters: Array<(path: string, body: unknown) => Promise<{ status: number; body: string }>>,
  pool: pg.Pool,
  playbookId: string,
  pid: number,
): Promise<{ allQueued: number; wall: number; postMs: number[]; rssPeak: number }> {
  let rssPeak = 0;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, processMemory(pid).rssMB)), 100);
  try {
    const submitted = performance.now();
    const postMs: number[] = [];
    let queued = 0;
    await Promise.all(
      posters.map(async (post) => {
        while (queued < RUNS) {
          queued++;
          const s = performance.now();
          const r = await post('/api/playbook/run', { id: playbookId });
          postMs.push(performance.now() - s);
          if (r.status >= 300) throw new Error(`run: ${r.status} ${r.body}`);
        }
      }),
    );
    const allQueued = performance.now() - submitted;
    for (;;) {
      const left = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM playbook_runs WHERE playbook_id = $1 AND status NOT IN ('completed', 'failed', 'cancelled', 'timed_out')`,
        [playbookId],
      );
      if (left.rows[0]!.n === '0') break;
      if (performance.now() - submitted > 30 * 60_000) throw new Error(`${left.rows[0]!.n} runs still unfinished after 30 min`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const wall = performance.now() - submitted;
    return { allQueued, wall, postMs, rssPeak: Math.max(rssPeak, processMemory(pid).rssMB) };
  } finally {
    clearInterval(sampler);
  }
}

type PageGlobal = { document: { querySelector(selector: string): unknown } };

/** Milliseconds on the page's own clock from navigation start until the first log line is drawn. */
async function openRunPage(page: Page, runId: string): Promise<number> {
  await page.goto(`/playbooks/runs/${runId}`, { waitUntil: 'commit' });
  // A function (the page's CSP refuses strings evaluated as code); its DOM name typed here, bench has no DOM types.
  const drawn = await page.waitForFunction(
    () => ((globalThis as unknown as PageGlobal).document.querySelector('[data-line="1"]') ? performance.now() : 0),
    undefined,
    {
      polling: 'raf',
      timeout: 60_000,
    },
  );
  return (await drawn.jsonValue()) as number;
}

/**
 * The log text request as the page saw it (the action's JSON leaves a 50 MB stream out; the page reads it from
 * /log/stdout): sent, first byte and body done, ms since navigation.
 */
async function logTiming(page: Page): Promise<{ sent: number; ttfb: number; end: number } | undefined> {
  return page.evaluate(`(() => {
    const e = performance.getEntriesByType('resource').find((x) => x.name.includes('/log/stdout'));
    return e ? { sent: e.startTime, ttfb: e.responseStart - e.startTime, end: e.responseEnd } : undefined;
  })()`);
}

/** Scroll the log a screen per animation frame until `lines` lines have passed; the frame gaps on the page's clock. */
async function scrollLog(page: Page, label: string, lines: number): Promise<{ frames: number[]; rows: number; ms: number }> {
  return page.evaluate(`(async () => {
    const el = document.querySelector('[role="log"][aria-label=${JSON.stringify(label)}]');
    if (!el) throw new Error('no log pane');
    const frames = [];
    const started = performance.now();
    let last = started;
    const target = Math.min(${lines} * ${LINE_PX}, el.scrollHeight - el.clientHeight);
    await new Promise((resolve, reject) => {
      const step = (now) => {
        frames.push(now - last);
        last = now;
        if (el.scrollTop >= target) return resolve();
        if (now - started > 180000) return reject(new Error('scrolled only ' + Math.round(el.scrollTop / ${LINE_PX}) + ' lines in 180 s'));
        el.scrollTop = Math.min(el.scrollTop + el.clientHeight, target);
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    return { frames: frames.slice(1), rows: Math.round(el.scrollTop / ${LINE_PX}), ms: performance.now() - started };
  })()`);
}

/** One GET timed at its first byte and its last, over a fresh connection (the page's own request is separate). */
function timedGet(url: string, headers: Record<string, string>): Promise<{ status: number; ttfb: number; total: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers }, (res) => {
      let ttfb = 0;
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        if (bytes === 0) ttfb = performance.now() - started;
        bytes += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ttfb, total: performance.now() - started, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

await runBench('playbooks', 'Playbook engine throughput and the run page with a 50 MB log — issue 16', async () => {
  const dataDir = path.join(WORK_DIR, 'playbooks');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startBenchServer(dataDir, { env: { OPS_PLAYBOOK_CONCURRENCY: String(CONCURRENCY) } });
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
  const headers = { authorization: basicAuth(server.adminEmail, server.adminPassword), accept: 'application/json' };
  const posters = Array.from({ length: POSTERS }, () => keepAlivePost(server.url, headers));
  let browser: Browser | undefined;
  try {
    const loadStart = loadavg();
    // (a) the playbook, then RUNS runs submitted at once by POSTERS keep-alive clients.
    const applied = await posters[0]!('/api/resources/apply', echoPlaybook('bench-echo'));
    if (applied.status >= 300) throw new Error(`apply: ${applied.status} ${applied.body}`);
    const pb = await pool.query<{ id: string }>(`SELECT id FROM playbooks WHERE name = 'bench-echo' AND deleted_at IS NULL`);
    const playbookId = pb.rows[0]!.id;
    const rssIdle = processMemory(server.pid).rssMB;
    const engine = await queueAndWait(posters, pool, playbookId, server.pid);
    const rssPeak = Math.max(rssIdle, engine.rssPeak);
    const times = await pool.query<{ status: string; created: string; start: string; end: string }>(
      `SELECT status, extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM start_time) * 1000 AS start,
              extract(epoch FROM end_time) * 1000 AS end
       FROM playbook_runs WHERE playbook_id = $1`,
      [playbookId],
    );
    const notCompleted = times.rows.filter((r) => r.status !== 'completed');
    if (notCompleted.length) throw new Error(`${notCompleted.length} runs did not complete (e.g. ${notCompleted[0]!.status})`);
    const actions = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM playbook_run_actions a JOIN playbook_runs r ON r.id = a.playbook_run_id
       WHERE r.playbook_id = $1 AND a.status = 'completed' AND a.result->>'stdout' ~ '^[abc]\\n$'`,
      [playbookId],
    );
    const runTimes: RunTimes[] = times.rows.map((r) => ({ created: Number(r.created), start: Number(r.start), end: Number(r.end) }));
    const latency = summarize(startLatencies(runTimes, CONCURRENCY));
    const firstCreated = Math.min(...runTimes.map((r) => r.created));
    const lastEnd = Math.max(...runTimes.map((r) => r.end));
    const dbSpanMs = lastEnd - firstCreated;
    const runsPerSec = (RUNS / engine.wall) * 1000;
    const durations = summarize(runTimes.map((r) => r.end - r.start));
    const post = summarize(engine.postMs);
    // The baseline, with the server idle: the same scripts through the same sandbox at the same concurrency.
    const direct = await directRuns(path.join(dataDir, 'direct'), RUNS, CONCURRENCY);
    const directPerSec = (RUNS / direct) * 1000;
    const loadAfterA = loadavg();

    // (b) a finished run with a 50 MB action log.
    const log = bigLog(LOG_BYTES);
    const seeded = await pool.query<{ id: string }>(
      `INSERT INTO playbooks (name, namespace, title, spec, source) VALUES ('bench-big-log', 'bench', 'Big log', $1, 'bench') RETURNING id`,
      [JSON.stringify({ actions: [{ name: 'dump', exec: { script: 'cat big' } }] })],
    );
    const big = await seedBigRun(pool, seeded.rows[0]!.id, log.text);
    const getMs = [];
    for (let i = 0; i < (QUICK ? 3 : 7); i++) {
      const r = await timedGet(`${server.url}/api/playbook/run/action/${big.actionId}/log/stdout`, headers);
      if (r.status !== 200) throw new Error(`action log GET: ${r.status}`);
      getMs.push(r);
    }
    const warmGets = getMs.slice(1);
    const getTtfb = summarize(warmGets.map((g) => g.ttfb));
    const getTotal = summarize(warmGets.map((g) => g.total));

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const page = await signIn(browser, server.url, server.adminEmail, server.adminPassword);
    const cold = await openRunPage(page, big.runId);
    const opens: number[] = [];
    const pageLog: Array<{ sent: number; ttfb: number; end: number }> = [];
    for (let i = 0; i < WARM_LOADS; i++) {
      opens.push(await openRunPage(page, big.runId));
      const t = await logTiming(page);
      if (t) pageLog.push(t);
    }
    const open = summarize(opens);
    const pageSent = summarize(pageLog.map((a) => a.sent));
    const pageTtfb = summarize(pageLog.map((a) => a.ttfb));
    const pageBodyEnd = summarize(pageLog.map((a) => a.end));
    await page.getByRole('log', { name: 'Log of dump' }).getByText(log.firstLine).waitFor({ state: 'visible' });
    const scrolled = await scrollLog(page, 'Log of dump', SCROLL_LINES);
    const frames = summarize(scrolled.frames);
    const longFrames = scrolled.frames.filter((f) => f > 100).length;
    const slowFrames = scrolled.frames.filter((f) => f > 50).length;
    const loadEnd = loadavg();

    const figures = [
      figure(`(a) start latency after a worker slot frees, ${n(RUNS)} queued runs — p95`, latency.p95, 'ms', { max: 1000 }),
      figure('(a) start latency — p50', latency.p50, 'ms', {}),
      figure('(a) runs per second end to end (3 exec actions each)', runsPerSec, 'runs/s', {}),
      figure('(a) engine ÷ direct sandbox runs, wall time (same run, same concurrency)', engine.wall / direct, '×', {}),
      figure('(a) server RSS peak during the runs', rssPeak, 'MB', {}),
      figure('(b) run page with a 50 MB action log, first line drawn — p50 of warm loads', open.p50, 'ms', { max: 1500 }),
      figure('(b) GET /api/playbook/run/action/{id}/log/stdout, 50 MB — total p50', getTotal.p50, 'ms', {}),
      figure(`(b) longest frame scrolling ${n(scrolled.rows)} log lines`, frames.max, 'ms', { max: 100 }),
    ];
    const markdown = [
      QUICK ? '> BENCH_QUICK=1: shortened run, figures are indicative only.\n' : '',
      `Load average (1, 5, 15 min, runnable/total, last pid) at the start: \`${loadStart}\`; after (a): \`${loadAfterA}\`;`,
      `at the end: \`${loadEnd}\`. The machine has 2 cores shared with other work; the server, its PostgreSQL, the bench`,
      'process and Chromium all run on them.',
      '',
      `(a) A Playbook of three exec actions (\`echo a\`, \`echo b\`, \`echo c\`), no selectors, applied through`,
      `\`POST /api/resources/apply\`; ${n(RUNS)} runs submitted through \`POST /api/playbook/run\` by ${POSTERS} keep-alive`,
      `clients at once (all queued in ${n(engine.allQueued / 1000)} s; POST p50 ${n(post.p50)} ms, p95 ${n(post.p95)} ms), worked`,
      `by the server's engine with \`OPS_PLAYBOOK_CONCURRENCY=${CONCURRENCY}\`. Every run completed and ${n(Number(actions.rows[0]!.n))} of`,
      `${n(RUNS * 3)} actions completed with their letter as stdout. All ${n(RUNS)} ended ${n(engine.wall / 1000)} s after the`,
      `first POST (${n(dbSpanMs / 1000)} s from the first run's created_at to the last end_time): ${n(runsPerSec)} runs/s,`,
      `${n(runsPerSec * 3)} actions/s. A run took p50 ${n(durations.p50)} ms, p95 ${n(durations.p95)} ms from start_time to end_time.`,
      '',
      'Start latency, from the rows (one PostgreSQL clock): order the runs by start_time; the i-th to start (from 0)',
      `could start once it was created and, for i ≥ ${CONCURRENCY}, once the (i − ${CONCURRENCY} + 1)-th run to end had ended`,
      `(with ${CONCURRENCY} slots, i + 1 runs under way need that many finished). Latency = start_time − max(created_at,`,
      `that end_time): p50 ${n(latency.p50)} ms, p95 ${n(latency.p95)} ms, p99 ${n(latency.p99)} ms, max ${n(latency.max)} ms.`,
      '',
      `Server RSS (VmRSS of its process every 100 ms): ${n(rssIdle)} MB idle before, peak ${n(rssPeak)} MB during the runs.`,
      '',
      `Baseline in the same run, with the server idle: the same three scripts ${n(RUNS)} times in order through the`,
      `sandbox's \`runUntrusted\` (from the server's build: same user, working directory and isolation) from the bench`,
      `process, ${CONCURRENCY} at once: ${n(direct / 1000)} s, ${n(directPerSec)} runs/s. The engine took`,
      `${n(engine.wall / direct)}× that wall time; its overhead (claims, rows per action, job history, events, the HTTP`,
      `submissions) is ${n((engine.wall - direct) / RUNS)} ms of wall time per run over the bare scripts.`,
      '',
      `(b) A completed run whose one action's \`result.stdout\` holds ${n(log.lines)} lines (${n(LOG_BYTES / 1e6)} MB), inserted`,
      `with SQL. The action's JSON leaves a stream that long out; the page reads it as text from \`GET /api/playbook/run/action/{id}/log/stdout\`, timed alone (a fresh connection, ${warmGets.length} calls after one warm-up):`,
      `first byte p50 ${n(getTtfb.p50)} ms, whole body p50 ${n(getTotal.p50)} ms, p95 ${n(getTotal.p95)} ms`,
      `(${n(getMs[0]!.bytes / 1e6)} MB).`,
      '',
      `Chromium ${browser.version()} (headless, 1440×900), signed in as admin, opens \`/playbooks/runs/{id}\`; the time is`,
      `on the page's clock from navigation start to the frame where line 1 of the log is drawn. Cold ${n(cold)} ms, then`,
      `${WARM_LOADS} loads: p50 ${n(open.p50)} ms, p95 ${n(open.p95)} ms, max ${n(open.max)} ms. Within those loads the log text`,
      `request was sent p50 ${n(pageSent.p50)} ms after navigation start, its first byte came p50 ${n(pageTtfb.p50)} ms after that`,
      `and its body ended p50 ${n(pageBodyEnd.p50)} ms after`,
      'navigation start; the rest is parsing, indexing and drawing the log.',
      '',
      `Scrolling the log pane a screen per animation frame through ${n(scrolled.rows)} lines took ${n(scrolled.ms / 1000)} s over`,
      `${n(scrolled.frames.length)} frames: p50 ${n(frames.p50)} ms, p95 ${n(frames.p95)} ms, longest ${n(frames.max)} ms;`,
      `${slowFrames} over 50 ms, ${longFrames} over 100 ms (gaps between animation frames come in whole 16.7 ms vsyncs: 100 ms is six).`,
      'Rundeck refuses logs of about 49 MB.',
    ].join('\n');
    return { figures, markdown };
  } finally {
    await browser?.close();
    await pool.end();
    await server.stop();
    if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
});
