// Issue 4 benchmark (a): 10,000 HTTP checks every 60 s against a loopback server for 10 minutes on
// 2 cores — schedule lag p95 < 2 s, no missed runs, server RSS < 400 MB. The built server runs with its
// jobs on a fresh embedded PostgreSQL under bench/.work/health-scheduler; the canaries are applied
// through POST /api/resources/apply like a user would. BENCH_HEALTH_MINUTES shortens the window for
// dev runs (the recorded figure is the full 10 minutes).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startTarget } from './health-target.js';
import { basicAuth } from './lib/http-get.js';
import { figure, formatNumber as n, runBench, WORK_DIR } from './lib/result.js';
import { processMemory, startBenchServer } from './lib/server.js';

const QUICK = process.env.BENCH_QUICK === '1';
const CHECKS = Number(process.env.BENCH_HEALTH_CHECKS ?? (QUICK ? 1000 : 10_000));
const MINUTES = Number(process.env.BENCH_HEALTH_MINUTES ?? (QUICK ? 2 : 10));
const INTERVAL_S = 60;
const BATCH = 500;

const canaryYaml = (i: number, target: string): string =>
  `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: load-${i}\n  namespace: load-${i % 20}\nspec:\n  schedule: "@every ${INTERVAL_S}s"\n  http:\n    - name: load-${i}\n      url: ${target}/load/${i}\n      responseCodes: [200]\n`;

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

await runBench('health-scheduler', 'Check scheduler: 10,000 HTTP checks every 60 s — issue 4 (a)', async () => {
  const dataDir = path.join(WORK_DIR, 'health-scheduler');
  rmSync(dataDir, { recursive: true, force: true });
  const target = await startTarget();
  const server = await startBenchServer(dataDir, { env: { OPS_LOG_LEVEL: 'warn' } });
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
  let done = false;
  try {
    const auth = basicAuth(server.adminEmail, server.adminPassword);
    const created = Date.now();
    for (let i = 0; i < CHECKS; i += BATCH) {
      const docs = Array.from({ length: Math.min(BATCH, CHECKS - i) }, (_, k) => canaryYaml(i + k, target.url)).join('---\n');
      const res = await fetch(`${server.url}/api/resources/apply`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/yaml' },
        body: docs,
      });
      if (!res.ok) throw new Error(`apply answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      process.stdout.write(`\r  applied ${i + BATCH} canaries`);
    }
    const createSeconds = (Date.now() - created) / 1000;
    process.stdout.write('\n');

    // One interval of warm-up: every canary has run once and sits on its phase.
    await new Promise((r) => setTimeout(r, INTERVAL_S * 1000));
    const windowStart = new Date();
    const cpu0 = cpuSeconds(server.pid);
    const requests0 = target.requests();
    const rss: number[] = [];
    const until = Date.now() + MINUTES * 60_000;
    while (Date.now() < until) {
      rss.push(processMemory(server.pid).rssMB);
      process.stdout.write(`\r  ${Math.round((until - Date.now()) / 1000)} s left, RSS ${Math.round(rss.at(-1)!)} MB   `);
      await new Promise((r) => setTimeout(r, 5_000));
    }
    const windowEnd = new Date();
    const cpu = cpuSeconds(server.pid) - cpu0;
    const requests = target.requests() - requests0;
    process.stdout.write('\n');
    // Runs that were due in the window and have finished (a run due at the very end may still be going).
    await new Promise((r) => setTimeout(r, 5_000));
    const runs = await pool.query<{ runs: number; failed: number; missed: number; p50: number; p95: number; p99: number; max: number }>(
      `SELECT count(*)::int AS runs, count(*) FILTER (WHERE status <> 'SUCCESS')::int AS failed,
              coalesce(sum((details->>'missed')::int), 0)::int AS missed,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY (details->>'lag_ms')::int) AS p50,
              percentile_cont(0.95) WITHIN GROUP (ORDER BY (details->>'lag_ms')::int) AS p95,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY (details->>'lag_ms')::int) AS p99,
              max((details->>'lag_ms')::int) AS max
       FROM job_history WHERE name = 'canary-run' AND (details->>'slot')::timestamptz >= $1 AND (details->>'slot')::timestamptz < $2`,
      [windowStart, windowEnd],
    );
    const perCanary = await pool.query<{ short: number; min: number; max: number }>(
      `SELECT count(*) FILTER (WHERE n < $3)::int AS short, min(n)::int AS min, max(n)::int AS max FROM (
         SELECT c.id, count(j.id) AS n FROM canaries c
         LEFT JOIN job_history j ON j.resource_id = c.id::text AND j.name = 'canary-run'
              AND (j.details->>'slot')::timestamptz >= $1 AND (j.details->>'slot')::timestamptz < $2
         WHERE c.deleted_at IS NULL GROUP BY c.id) x`,
      [windowStart, windowEnd, Math.floor((MINUTES * 60) / INTERVAL_S)],
    );
    const statuses = await pool.query<{ n: number; failed: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT status)::int AS failed FROM check_statuses WHERE time >= $1 AND time < $2`,
      [windowStart, windowEnd],
    );
    const r = runs.rows[0]!;
    const pc = perCanary.rows[0]!;
    const st = statuses.rows[0]!;
    const rssMax = Math.max(...rss);
    const figures = [
      figure('(a) schedule lag p95', r.p95, 'ms', { max: 2000 }),
      figure('(a) missed runs (skipped slots + canaries short of a run)', r.missed + pc.short, 'runs', { max: 0 }),
      figure('(a) server RSS (max sampled every 5 s)', rssMax, 'MB', { max: 400 }),
    ];
    const markdown = [
      QUICK || MINUTES < 10 || CHECKS < 10_000
        ? `> Shortened run (${n(CHECKS)} checks, ${MINUTES} min): figures are indicative only.\n`
        : '',
      `${n(CHECKS)} canaries of one HTTP check each (\`@every ${INTERVAL_S}s\`, GET of a loopback HTTP server answering 200),`,
      `applied through \`POST /api/resources/apply\` in batches of ${BATCH} in ${n(createSeconds)} s; then one interval of warm-up and a`,
      `${MINUTES}-minute window. Everything — server, its embedded PostgreSQL, the target and this harness — shares the 2 cores.`,
      "Lag is a run's start minus its scheduled time (job history `details.lag_ms`); a missed run is a slot skipped because the",
      'previous run was still going (`details.missed`) or a canary with fewer runs than the window holds.',
      '',
      '| figure | value |',
      '|---|---:|',
      `| runs due in the window (finished) | ${n(r.runs)} (${n(r.runs / (MINUTES * 60))}/s) |`,
      `| lag p50 / p95 / p99 / max ms | ${n(r.p50)} / ${n(r.p95)} / ${n(r.p99)} / ${n(r.max)} |`,
      `| runs per canary min / max (window holds ${Math.floor((MINUTES * 60) / INTERVAL_S)}) | ${n(pc.min)} / ${n(pc.max)} |`,
      `| skipped slots / canaries short of a run | ${n(r.missed)} / ${n(pc.short)} |`,
      `| runs not SUCCESS (a check failed) | ${n(r.failed)} |`,
      `| check statuses written / failing | ${n(st.n)} / ${n(st.failed)} |`,
      `| requests the target served | ${n(requests)} |`,
      `| server CPU (user + system) | ${n(cpu)} s = ${n(cpu / (MINUTES * 60))} cores |`,
      `| server RSS min / max MB | ${n(Math.min(...rss))} / ${n(rssMax)} |`,
    ].join('\n');
    done = true;
    return { figures, markdown };
  } finally {
    await pool.end();
    await server.stop();
    await target.close();
    if (done && process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
});
