import type { FirstLoad } from './first-load.js';
import type { JobListQuery } from './job-list-query.js';
import type { DirectQuery, ListComparison } from './list-latency.js';
import { formatNumber as n } from './result.js';
import type { LatencySummary } from './stats.js';
import type { Throughput } from './throughput.js';

export interface DataApiReport {
  pgVersion: string;
  generated: string[];
  query: JobListQuery;
  directs: DirectQuery[];
  list: ListComparison;
  load: Throughput;
  loadBasic: Throughput;
  firstLoad: FirstLoad;
  quick: boolean;
}

const row = (name: string, s: LatencySummary): string => `| ${name} | ${n(s.p50)} | ${n(s.p95)} | ${n(s.p99)} | ${n(s.mean)} | ${s.n} |`;

/** The data-API section below the figures table: method, raw numbers and ratios. */
export function renderDataApiReport(r: DataApiReport): string {
  const { list, load, firstLoad } = r;
  const base = list.direct[0]?.summary;
  const lines = [
    r.quick ? '> BENCH_QUICK=1: shortened run, figures are indicative only.\n' : '',
    `Server: the built server (\`node packages/server/dist/main.js\`, its own process) on an embedded PostgreSQL ${r.pgVersion}`,
    `in \`bench/.work/\`, freshly generated: ${r.generated.join('; ') || 'data already at scale'}.`,
    '',
    '### (a) Paged list with exact count: API vs the same SQL through pg',
    '',
    `${r.query.description}. ${list.rows} rows, \`Content-Range: ${list.contentRange}\`. Calls alternate API / direct, one at a time,`,
    'after a warm-up, one keep-alive connection each, Bearer token. API time includes HTTP, auth, the engine and the client parsing the JSON;',
    "direct time includes pg's round trip and reading the rows (parsing the JSON body for the engine's statement). The",
    "ratio's baseline is the engine's own statement, captured from the server's engine and replayed with its parameters;",
    'the hand-written page + count is shown for reference.',
    '',
    '| path | p50 ms | p95 ms | p99 ms | mean ms | n |',
    '|---|---:|---:|---:|---:|---:|',
    row('API `GET /api/db/job_histories`', list.api),
    ...list.direct.map((d) => row(`direct: ${d.name}`, d.summary)),
    '',
    base ? `Ratios API ÷ direct: p50 ${n(list.api.p50 / base.p50)}×, p95 ${n(list.api.p95 / base.p95)}×.` : '',
    '',
    '```',
    `GET ${r.query.apiPath}`,
    ...r.directs.flatMap((d) => [`-- ${d.name}`, ...d.sql]),
    '```',
    '',
    '### (b) Indexed single-row GET under load',
    '',
    '`GET /api/db/people?id=eq.{id}` (1,000 ids of 100k people in rotation), autocannon with 50 connections in the bench',
    'process on the same machine (it shares the 2 cores with the server and PostgreSQL), after a warm-up. The figure uses a',
    'personal access token (Bearer), as API clients and agents call; Basic auth is shown for reference (the server re-checks',
    "the password, argon2id, when its 10 s credential cache expires). RSS is the server process's VmRSS from /proc (MB = 10^6 bytes).",
    '',
    '| auth | req/s | latency p50 ms | latency p99 ms | requests | non-2xx | RSS idle MB | RSS max MB | VmHWM MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...(
      [
        ['Bearer token', load],
        ['Basic', r.loadBasic],
      ] as const
    ).map(
      ([name, l]) =>
        `| ${name} | ${n(l.reqPerSec)} | ${n(l.latencyP50)} | ${n(l.latencyP99)} | ${n(l.requests)} | ${l.non2xx} | ${n(l.rssIdleMB)} | ${n(l.rssMaxMB)} | ${n(l.hwmMB)} |`,
    ),
    '',
    'CPU time per request during the measured run, from /proc (unlike req/s it hardly depends on what else the machine',
    'runs). The last column is the rate two otherwise idle cores could serve at that cost, load generator included.',
    '',
    '| auth | server ms/req | PostgreSQL ms/req | load generator ms/req | implied req/s on 2 idle cores |',
    '|---|---:|---:|---:|---:|',
    ...(
      [
        ['Bearer token', load],
        ['Basic', r.loadBasic],
      ] as const
    ).map(([name, l]) => {
      const c = l.cpuMsPerRequest;
      return `| ${name} | ${n(c.server)} | ${n(c.postgres)} | ${n(c.loadGenerator)} | ${n(2000 / (c.server + c.postgres + c.loadGenerator))} |`;
    }),
    '',
    '### (c) Shell first-load JavaScript',
    '',
    `Entry chunks and their static imports (from ${firstLoad.source === 'manifest' ? 'packages/web/dist/.vite/manifest.json plus index.html' : 'index.html'}),`,
    'gzip level 9; lazy route chunks excluded.',
    '',
    '| file | bytes | gzipped |',
    '|---|---:|---:|',
    ...firstLoad.files.map((f) => `| ${f.file} | ${n(f.bytes)} | ${n(f.gzipBytes)} |`),
    `| inline scripts in index.html | ${n(firstLoad.inline.bytes)} | ${n(firstLoad.inline.gzipBytes)} |`,
    `| **total** | **${n(firstLoad.totalBytes)}** | **${n(firstLoad.totalGzipBytes)}** |`,
  ];
  return lines.join('\n');
}
