// Issue 4 benchmark (b): GET /api/canary/api/summary over 10,000 checks with a day of per-minute history
// (14.4 M check statuses) — p50 < 200 ms for the dashboard's default range (the last hour). The built server
// runs on a fresh embedded PostgreSQL under bench/.work/health-summary, seeded with INSERT … SELECT.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { HISTORY_SCALE, seedHistory } from './health-history-seed.js';
import { keepAliveGet } from './lib/http-get.js';
import { figure, formatNumber as n, runBench, WORK_DIR } from './lib/result.js';
import { startBenchServer } from './lib/server.js';
import { msSince, summarize, type LatencySummary } from './lib/stats.js';
import { createAccessToken } from './lib/token.js';

const QUICK = process.env.BENCH_QUICK === '1';
const minutes = Number(process.env.BENCH_HEALTH_HISTORY_MINUTES ?? (QUICK ? 120 : HISTORY_SCALE.minutes));
const scale = { ...HISTORY_SCALE, minutes };

await runBench('health-summary', 'Health summary over 10,000 checks and a day of history — issue 4 (b)', async () => {
  const dataDir = path.join(WORK_DIR, 'health-summary');
  rmSync(dataDir, { recursive: true, force: true });
  // Jobs on, as in production: the check-summary job refreshes the last hour every minute and the rollup
  // job runs every five (the seeded canaries have no schedule, so nothing probes).
  const server = await startBenchServer(dataDir, { env: { OPS_LOG_LEVEL: 'warn' } });
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
  let done = false;
  try {
    const seeded = await seedHistory(pool, scale, new Date(), (s) => process.stdout.write(`\r${s}`));
    process.stdout.write('\n');
    const get = keepAliveGet(server.url, { authorization: `Bearer ${await createAccessToken(server.pgUrl, server.adminEmail)}` });
    const iterations = QUICK ? 5 : 30;
    const ranges = [
      { label: 'last hour (dashboard default): the check summary of the minute + newer runs', query: 'start=1h&statuses=5' },
      { label: 'last 2 hours: exact, from raw rows', query: 'start=2h&statuses=5' },
      { label: 'last 24 hours: hourly rollups + raw edges', query: 'start=24h&statuses=5' },
      { label: 'last hour, one canary (filtered)', query: 'start=1h&statuses=5&query=history-77-' },
    ];
    const results: Array<{ label: string; query: string; rows: number; bytes: number; latency: LatencySummary; parsed: LatencySummary }> =
      [];
    for (const r of ranges) {
      const probe = await get(`/api/canary/api/summary?${r.query}`);
      if (probe.status !== 200) throw new Error(`summary answered ${probe.status}: ${probe.body.slice(0, 300)}`);
      const rows = (JSON.parse(probe.body) as { checks_summary: unknown[] }).checks_summary.length;
      for (let i = 0; i < 3; i++) await get(`/api/canary/api/summary?${r.query}`);
      // The endpoint's latency runs until the last byte arrives; the client's own decoding and parsing
      // of the body is reported beside it.
      const samples: number[] = [];
      const parsed: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const t = process.hrtime.bigint();
        const res = await get(`/api/canary/api/summary?${r.query}`);
        samples.push(Number(res.receivedAt - t) / 1e6);
        JSON.parse(res.body);
        parsed.push(msSince(t));
      }
      results.push({ ...r, rows, bytes: probe.body.length, latency: summarize(samples), parsed: summarize(parsed) });
    }
    const [hour, , day] = results;
    if (hour!.rows !== seeded.checks) throw new Error(`summary returned ${hour!.rows} rows for ${seeded.checks} checks`);
    const figures = [
      figure('(b) summary p50, 10,000 checks, last hour', hour!.latency.p50, 'ms', { max: 200 }),
      figure('(b) summary p50, 10,000 checks, last 24 hours', day!.latency.p50, 'ms', { max: 1000 }),
    ];
    const markdown = [
      QUICK ? '> BENCH_QUICK=1: shortened run, figures are indicative only.\n' : '',
      `Seeded ${n(seeded.checks)} checks (${n(scale.canaries)} canaries × ${scale.checksPerCanary}) with ${n(scale.minutes)} minutes of`,
      `one-a-minute history: ${n(seeded.statuses)} rows of check_statuses (${n(seeded.tableMB)} MB with indexes, daily partitions)`,
      `in ${n(seeded.insertSeconds)} s, then rolled up (hourly and daily rows) and analyzed in ${n(seeded.rollupSeconds)} s.`,
      'Requests are sequential on one keep-alive connection with a Bearer token; the latency runs from sending the request',
      'until the last byte of the answer arrived (HTTP, auth, SQL and serialising). The last column adds the client joining,',
      `decoding and JSON.parse-ing the body. ${iterations} timed calls after 3 warm-up calls.`,
      '',
      '| range | rows | JSON MB | p50 ms | p95 ms | max ms | p50 ms incl. client parse |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.label} (\`${r.query}\`) | ${n(r.rows)} | ${n(r.bytes / 1e6)} | ${n(r.latency.p50)} | ${n(r.latency.p95)} | ${n(r.latency.max)} | ${n(r.parsed.p50)} |`,
      ),
      '',
      'The last hour ending now is read from `check_summary_1h` (exact uptime and percentiles per check, recomputed every',
      "minute by the check-summary job, like Mission Control's check summary) plus the runs since that refresh; other ranges",
      'up to 3 hours are computed exactly from the raw rows (percentile_cont over the BRIN-indexed window); longer ranges',
      'merge the hourly rollups (counts, sums, a 34-bin latency histogram interpolated and clamped to min/max) with raw rows',
      "for the partial hours at either end. Each row carries its check's last 5 runs. The rows' JSON is rendered when a check",
      'changes and when the hour is refreshed (ADR 0004); the server joins the rendered text and writes it out as bytes.',
    ].join('\n');
    done = true;
    return { figures, markdown };
  } finally {
    await pool.end();
    await server.stop();
    if (done && process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
});
