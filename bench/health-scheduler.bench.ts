// Issue 4 (a) and issue 18: HTTP checks against a loopback server on 2 cores, in two phases on the same
// server: 10,000 canaries every 60 s for 10 minutes (10,000 checks a minute), then the same canaries
// re-applied every 12 s for 5 minutes (50,000 checks a minute). Each phase reports schedule lag, missed
// runs, server RSS, and the CPU each executed check cost the server and its PostgreSQL (from /proc of
// both; PostgreSQL is the postmaster and all its backends), plus where PostgreSQL's time went
// (pg_stat_statements over the window). The built server runs with its jobs on a fresh embedded
// PostgreSQL under bench/.work/health-scheduler; canaries are applied through POST /api/resources/apply
// like a user would. BENCH_HEALTH_CHECKS / _MINUTES / _FAST_MINUTES shorten it for dev runs.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startTarget, type Target } from './health-target.js';
import { basicAuth } from './lib/http-get.js';
import {
  enablePgStatStatements,
  maintenanceRuns,
  pgProcessRole,
  resetStatements,
  shortQuery,
  topStatements,
  walCounters,
} from './lib/pg-statements.js';
import { childrenCpu, cpuByRole, cpuSeconds, treeCpuSeconds } from './lib/proc-cpu.js';
import { figure, formatNumber as n, runBench, WORK_DIR, type Figure } from './lib/result.js';
import { processMemory, startBenchServer, type BenchServer } from './lib/server.js';

const QUICK = process.env.BENCH_QUICK === '1';
const CHECKS = Number(process.env.BENCH_HEALTH_CHECKS ?? (QUICK ? 1000 : 10_000));
const PHASES = [
  { key: 'a', intervalS: 60, minutes: Number(process.env.BENCH_HEALTH_MINUTES ?? (QUICK ? 2 : 10)), cpuTargetMs: 1.0 },
  { key: 'b', intervalS: 12, minutes: Number(process.env.BENCH_HEALTH_FAST_MINUTES ?? (QUICK ? 1 : 5)), cpuTargetMs: undefined },
] as const;
type Phase = (typeof PHASES)[number];
// BENCH_HEALTH_PHASES=a or =b runs one phase on its own (each on a fresh server).
const RUN = PHASES.filter((p) => (process.env.BENCH_HEALTH_PHASES ?? 'a,b').split(',').includes(p.key));
const BATCH = 500;

const canaryYaml = (i: number, target: string, intervalS: number): string =>
  `apiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: load-${i}\n  namespace: load-${i % 20}\nspec:\n  schedule: "@every ${intervalS}s"\n  http:\n    - name: load-${i}\n      url: ${target}/load/${i}\n      responseCodes: [200]\n`;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Apply every canary with `intervalS`; answers the seconds it took. */
async function applyCanaries(server: BenchServer, target: Target, intervalS: number): Promise<number> {
  const auth = basicAuth(server.adminEmail, server.adminPassword);
  const started = Date.now();
  for (let i = 0; i < CHECKS; i += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, CHECKS - i) }, (_, k) => canaryYaml(i + k, target.url, intervalS)).join('---\n');
    const res = await fetch(`${server.url}/api/resources/apply`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/yaml' },
      body: docs,
    });
    if (!res.ok) throw new Error(`apply answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    process.stdout.write(`\r  applied ${Math.min(i + BATCH, CHECKS)} canaries every ${intervalS} s`);
  }
  process.stdout.write('\n');
  return (Date.now() - started) / 1000;
}

/** Measure one phase's window and render its figures and table. */
async function measure(server: BenchServer, pool: pg.Pool, target: Target, phase: Phase, applySeconds: number) {
  await resetStatements(pool);
  const windowStart = new Date();
  const cpu0 = { server: cpuSeconds(server.pid), pg: treeCpuSeconds(server.pgPid()) };
  const roles0 = { root: cpuSeconds(server.pgPid(), true), children: childrenCpu(server.pgPid(), pgProcessRole) };
  const wal0 = await walCounters(pool);
  const maint0 = await maintenanceRuns(pool);
  const requests0 = target.requests();
  const rss: number[] = [];
  const until = Date.now() + phase.minutes * 60_000;
  while (Date.now() < until) {
    rss.push(processMemory(server.pid).rssMB);
    process.stdout.write(`\r  (${phase.key}) ${Math.round((until - Date.now()) / 1000)} s left, RSS ${Math.round(rss.at(-1)!)} MB   `);
    await sleep(5_000);
  }
  const windowEnd = new Date();
  const cpu = { server: cpuSeconds(server.pid) - cpu0.server, pg: treeCpuSeconds(server.pgPid()) - cpu0.pg };
  const roles = [...cpuByRole(server.pgPid(), roles0, childrenCpu(server.pgPid(), pgProcessRole))].map(([role, s]) => ({ role, s }));
  const wal1 = await walCounters(pool);
  const wal = { records: wal1.records - wal0.records, fpi: wal1.fpi - wal0.fpi, bytes: wal1.bytes - wal0.bytes };
  const maintenance = [...(await maintenanceRuns(pool))]
    .map(([table, m]) => ({
      table,
      vacuum: m.vacuum - (maint0.get(table)?.vacuum ?? 0),
      analyze: m.analyze - (maint0.get(table)?.analyze ?? 0),
    }))
    .filter((m) => m.vacuum + m.analyze > 0)
    .sort((a, b) => b.vacuum + b.analyze - (a.vacuum + a.analyze));
  const requests = target.requests() - requests0;
  const statements = await topStatements(pool, 12);
  process.stdout.write('\n');
  // Runs that were due in the window and have finished (a run due at the very end may still be going).
  await sleep(5_000);
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
  const holds = Math.floor((phase.minutes * 60) / phase.intervalS);
  const perCanary = await pool.query<{ short: number; min: number; max: number }>(
    `SELECT count(*) FILTER (WHERE n < $3)::int AS short, min(n)::int AS min, max(n)::int AS max FROM (
       SELECT c.id, count(j.id) AS n FROM canaries c
       LEFT JOIN job_history j ON j.resource_id = c.id::text AND j.name = 'canary-run'
            AND (j.details->>'slot')::timestamptz >= $1 AND (j.details->>'slot')::timestamptz < $2
       WHERE c.deleted_at IS NULL GROUP BY c.id) x`,
    [windowStart, windowEnd, holds],
  );
  const statuses = await pool.query<{ n: number; failed: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT status)::int AS failed FROM check_statuses WHERE time >= $1 AND time < $2`,
    [windowStart, windowEnd],
  );
  const r = runs.rows[0]!;
  const pc = perCanary.rows[0]!;
  const st = statuses.rows[0]!;
  const rssMax = Math.max(...rss);
  const seconds = phase.minutes * 60;
  const perCheck = { server: (cpu.server * 1000) / st.n, pg: (cpu.pg * 1000) / st.n };
  const total = perCheck.server + perCheck.pg;
  const rate = n(Math.round((CHECKS * 60) / phase.intervalS));
  const figures: Figure[] = [
    figure(`(${phase.key}) ${rate} checks/min: schedule lag p95`, r.p95, 'ms', { max: 2000 }),
    figure(`(${phase.key}) ${rate} checks/min: missed runs (skipped slots + canaries short of a run)`, r.missed + pc.short, 'runs', {
      max: 0,
    }),
    figure(`(${phase.key}) ${rate} checks/min: server RSS (max sampled every 5 s)`, rssMax, 'MB', { max: 400 }),
    phase.cpuTargetMs !== undefined
      ? figure(`(${phase.key}) ${rate} checks/min: CPU per executed check, server + PostgreSQL`, total, 'ms', { max: phase.cpuTargetMs })
      : {
          label: `(${phase.key}) ${rate} checks/min: CPU per executed check, server + PostgreSQL`,
          value: total,
          unit: 'ms',
          target: '',
          pass: true,
        },
  ];
  const markdown = [
    `### (${phase.key}) ${n(CHECKS)} canaries every ${phase.intervalS} s = ${rate} checks a minute, ${phase.minutes}-minute window`,
    '',
    `Applied in ${n(applySeconds)} s, then one interval of warm-up.`,
    '',
    '| figure | value |',
    '|---|---:|',
    `| runs due in the window (finished) | ${n(r.runs)} (${n(r.runs / seconds)}/s) |`,
    `| lag p50 / p95 / p99 / max ms | ${n(r.p50)} / ${n(r.p95)} / ${n(r.p99)} / ${n(r.max)} |`,
    `| runs per canary min / max (window holds ${holds}) | ${n(pc.min)} / ${n(pc.max)} |`,
    `| skipped slots / canaries short of a run | ${n(r.missed)} / ${n(pc.short)} |`,
    `| runs not SUCCESS (a check failed) | ${n(r.failed)} |`,
    `| check statuses written / failing | ${n(st.n)} / ${n(st.failed)} |`,
    `| requests the target served | ${n(requests)} |`,
    `| server CPU (user + system) | ${n(cpu.server)} s = ${n(cpu.server / seconds)} cores = ${n(perCheck.server)} ms per check |`,
    `| PostgreSQL CPU (postmaster + backends) | ${n(cpu.pg)} s = ${n(cpu.pg / seconds)} cores = ${n(perCheck.pg)} ms per check |`,
    `| CPU per executed check, both | ${n(total)} ms |`,
    `| server RSS min / max MB | ${n(Math.min(...rss))} / ${n(rssMax)} |`,
    `| WAL per check: records / full-page images / bytes | ${n(wal.records / st.n)} / ${n(wal.fpi / st.n)} / ${n(wal.bytes / st.n)} |`,
    '',
    "PostgreSQL's CPU by process (processes that exited in the window count with the postmaster):",
    '',
    '| process | CPU s | ms per check |',
    '|---|---:|---:|',
    ...roles
      .filter((r) => r.s > 0)
      .sort((a, b) => b.s - a.s)
      .map((r) => `| ${r.role} | ${n(r.s)} | ${n((r.s * 1000) / st.n)} |`),
    '',
    `Autovacuum and autoanalyze runs in the window: ${maintenance.map((m) => `${m.table} ${m.vacuum} / ${m.analyze}`).join(', ') || 'none'}.`,
    '',
    `PostgreSQL's statements over the window by execution time (pg_stat_statements, nested statements such as`,
    `those inside triggers included, so a trigger's statements also count in the statement that fired them):`,
    '',
    '| statement | calls per run | ms per run | rows per call |',
    '|---|---:|---:|---:|',
    ...statements.map(
      (s) => `| \`${shortQuery(s.query)}\` | ${n(s.calls / st.n)} | ${n(s.totalMs / st.n)} | ${n(s.calls ? s.rows / s.calls : 0)} |`,
    ),
  ].join('\n');
  return { figures, markdown };
}

await runBench('health-scheduler', 'Check scheduler: 10,000 and 50,000 HTTP checks a minute — issues 4 (a) and 18', async () => {
  const dataDir = path.join(WORK_DIR, 'health-scheduler');
  rmSync(dataDir, { recursive: true, force: true });
  const target = await startTarget();
  // A first start creates the database; pg_stat_statements is preloaded from the second start on.
  const first = await startBenchServer(dataDir, { env: { OPS_LOG_LEVEL: 'warn' } });
  const setup = new pg.Pool({ connectionString: first.pgUrl, max: 1 });
  await enablePgStatStatements(setup).finally(() => setup.end());
  await first.stop();
  const server = await startBenchServer(dataDir, { env: { OPS_LOG_LEVEL: 'warn' } });
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
  let done = false;
  try {
    const figures: Figure[] = [];
    const parts: string[] = [];
    for (const phase of RUN) {
      const applySeconds = await applyCanaries(server, target, phase.intervalS);
      // Applied is not yet scheduled: wait until the scheduler has read every changed canary.
      while ((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM spec_schedules WHERE dirty')).rows[0]!.n > 0)
        await sleep(1_000);
      // One interval of warm-up: every canary has run on its new schedule and sits on its phase.
      await sleep(Math.max(phase.intervalS, 30) * 1000);
      const out = await measure(server, pool, target, phase, applySeconds);
      figures.push(...out.figures);
      parts.push(out.markdown);
    }
    const markdown = [
      QUICK || CHECKS < 10_000 || RUN.length < 2 || PHASES[0].minutes < 10 || PHASES[1].minutes < 5
        ? `> Shortened run (${n(CHECKS)} checks, phases ${RUN.map((p) => `${p.key}: ${p.minutes} min`).join(', ')}): figures are indicative only.\n`
        : '',
      `${n(CHECKS)} canaries of one HTTP check each (GET of a loopback HTTP server answering 200), applied through`,
      `\`POST /api/resources/apply\` in batches of ${BATCH}; phase (a) runs them \`@every 60s\`, then phase (b) re-applies them`,
      '`@every 12s`. Everything (server, its embedded PostgreSQL, the target and this harness) shares the 2 cores.',
      "Lag is a run's start minus its scheduled time (job history `details.lag_ms`); a missed run is a slot skipped because the",
      'previous run was still going (`details.missed`) or a canary with fewer runs than the window holds. CPU is user + system',
      'time from `/proc` of the server process and of PostgreSQL (postmaster and every backend) over the window, divided by',
      'the check statuses written in it.',
      '',
      ...parts.flatMap((p) => [p, '']),
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
