// Issue 2's benchmark, in one run on a fresh embedded PostgreSQL under bench/.work/data-api:
// (a) a filtered, ordered 50-row page with count=exact through /api/db against the same SQL sent
//     straight through pg; (b) indexed single-row GETs at 50 connections (req/s, server RSS);
// (c) the shell's first-load JavaScript, gzipped. Run: npm run bench (or -- data-api).
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureScale, SCALE } from './generate/index.js';
import { samplePeopleIds } from './generate/people.js';
import { renderDataApiReport } from './lib/data-api-report.js';
import { captureEngineSql, replayEngineSql } from './lib/engine-sql.js';
import { firstLoadJs } from './lib/first-load.js';
import { basicAuth, keepAliveGet } from './lib/http-get.js';
import { jobListQuery } from './lib/job-list-query.js';
import { compareListLatency } from './lib/list-latency.js';
import { BENCH_DIR, figure, runBench, WORK_DIR } from './lib/result.js';
import { startBenchServer, type BenchServer } from './lib/server.js';
import { measureThroughput, type Throughput } from './lib/throughput.js';
import { createAccessToken } from './lib/token.js';

const WEB_DIST = path.join(BENCH_DIR, '../packages/web/dist');
const QUICK = process.env.BENCH_QUICK === '1';

await runBench('data-api', 'Data API (/api/db) and shell first load — issue 2', async () => {
  const dataDir = path.join(WORK_DIR, 'data-api');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startBenchServer(dataDir);
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 4 });
  let done = false;
  try {
    const pgVersion = (await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?';
    const generated = await ensureScale(pool, SCALE);
    const basic = basicAuth(server.adminEmail, server.adminPassword);
    // A personal access token, as API clients and agents call; Basic auth is measured for reference in (b).
    const bearer = `Bearer ${await createAccessToken(server.pgUrl, server.adminEmail)}`;

    // (a) the Jobs History page's default query: everything but SUCCESS in the last 2 days.
    // The baseline is the engine's own statement for this request, replayed through pg.
    const query = jobListQuery(new Date(Date.now() - 2 * 86_400_000));
    const headers = { prefer: 'count=exact', accept: 'application/json' };
    const admin = await pool.query<{ id: string }>('SELECT id FROM people WHERE lower(email) = lower($1)', [server.adminEmail]);
    const engineSql = await captureEngineSql(pool, 'job_histories', query.rawQuery, headers, {
      id: admin.rows[0]?.id ?? '',
      roles: ['admin'],
    });
    const directs = [replayEngineSql("the engine's statement, replayed", engineSql), query.handWritten];
    const list = await compareListLatency(
      keepAliveGet(server.url, { authorization: bearer, ...headers }),
      pool,
      query.apiPath,
      directs,
      QUICK ? { iterations: 40, warmup: 10 } : { iterations: 400, warmup: 40 },
    );

    // (b) single rows by primary key, 1,000 different people in rotation.
    const ids = await samplePeopleIds(pool, 1000);
    const paths = ids.map((id) => `/api/db/people?id=eq.${id}`);
    const shape = QUICK ? { connections: 50, seconds: 3, warmupSeconds: 1 } : { connections: 50, seconds: 15, warmupSeconds: 5 };
    const load = await singleRowLoad(server, bearer, paths, shape);
    const loadBasic = await singleRowLoad(server, basic, paths, shape);

    // (c) what the browser loads before the shell runs.
    const firstLoad = firstLoadJs(WEB_DIST);

    const direct = list.direct[0];
    if (!direct) throw new Error('no direct baseline');
    const ratio = list.api.p50 / direct.summary.p50;
    const figures = [
      figure('(a) list p50, API ÷ same SQL direct', ratio, '×', { max: 1.5 }),
      figure('(b) single-row GET throughput, 50 connections, Bearer token', load.reqPerSec, 'req/s', { min: 3000 }),
      figure('(b) server RSS under load (max sampled, both runs)', Math.max(load.rssMaxMB, loadBasic.rssMaxMB), 'MB', { max: 250 }),
      figure('(c) shell first-load JavaScript, gzipped', firstLoad.totalGzipBytes / 1000, 'kB', { max: 250 }),
    ];
    const markdown = renderDataApiReport({ pgVersion, generated, query, directs, list, load, loadBasic, firstLoad, quick: QUICK });
    done = true;
    return { figures, markdown };
  } finally {
    await pool.end();
    await server.stop();
    // Half a gigabyte of generated data; kept only after a failure (server.log) or with BENCH_KEEP=1.
    if (done && process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
});

// Check one answer is exactly one row, then load the endpoint; failed answers void the figure.
async function singleRowLoad(
  server: BenchServer,
  authorization: string,
  paths: string[],
  shape: { connections: number; seconds: number; warmupSeconds: number },
): Promise<Throughput> {
  const probe = await keepAliveGet(server.url, { authorization })(paths[0] as string);
  const rows = probe.status === 200 ? (JSON.parse(probe.body) as unknown[]) : [];
  if (rows.length !== 1) throw new Error(`GET ${paths[0]} answered ${probe.status} with ${rows.length} rows: ${probe.body.slice(0, 300)}`);
  const load = await measureThroughput(server.url, { authorization }, paths, { server: server.pid, postgres: server.pgPid() }, shape);
  if (load.non2xx > 0 || load.errors > 0)
    throw new Error(`single-row load got ${load.non2xx} non-2xx answers and ${load.errors} errors of ${load.requests} requests`);
  return load;
}
