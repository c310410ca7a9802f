// Issue 3's benchmark, in one run on a fresh embedded PostgreSQL under bench/.work/identity:
// (a) sign-in latency through the self-service login flow (create + submit, argon2id verification and
//     a new session each time), and the argon2id hash time on its own;
// (b) `GET /api/auth/whoami` with a session cookie at 50 connections, against the foundation's baseline
//     GET (an indexed single-row /api/db/people read with a Bearer token) measured in the same run.
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../packages/server/dist/modules/identity/passwords.js';
import { keepAliveGet } from './lib/http-get.js';
import { figure, formatNumber as n, runBench, WORK_DIR } from './lib/result.js';
import { startBenchServer, type BenchServer } from './lib/server.js';
import { summarize, type LatencySummary } from './lib/stats.js';
import { measureThroughput, type Throughput } from './lib/throughput.js';
import { createAccessToken } from './lib/token.js';

const QUICK = process.env.BENCH_QUICK === '1';

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

// One HTTP call with cookies in and Set-Cookie out (fetch is fine here: latency is per sign-in, not per byte).
async function call(url: string, init: RequestInit & { cookie?: string }): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  const res = await fetch(url, { ...init, headers });
  return { status: res.status, body: await res.text(), cookies: res.headers.getSetCookie().map((c) => c.split(';')[0]!) };
}

/** One sign-in as a browser does it: create a login flow, submit the password; times both and the submit. */
async function signIn(server: BenchServer): Promise<{ totalMs: number; submitMs: number; sessionCookie: string }> {
  const started = performance.now();
  const created = await call(`${server.url}/api/auth/self-service/login/browser`, { headers: { accept: 'application/json' } });
  const flow = JSON.parse(created.body) as { ui: { action: string; nodes: { attributes: { name?: string; value?: unknown } }[] } };
  const csrf = flow.ui.nodes.find((x) => x.attributes.name === 'csrf_token')?.attributes.value;
  const submitStarted = performance.now();
  const done = await call(`${server.url}${flow.ui.action}`, {
    method: 'POST',
    cookie: created.cookies.join('; '),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ method: 'password', identifier: server.adminEmail, password: server.adminPassword, csrf_token: csrf }),
  });
  const end = performance.now();
  if (done.status !== 200) throw new Error(`sign-in answered ${done.status}: ${done.body.slice(0, 300)}`);
  const sessionCookie = done.cookies.find((c) => c.startsWith('ops_session='));
  if (!sessionCookie) throw new Error('sign-in set no session cookie');
  return { totalMs: end - started, submitMs: end - submitStarted, sessionCookie };
}

async function load(server: BenchServer, headers: Record<string, string>, paths: string[]): Promise<Throughput> {
  const probe = await keepAliveGet(server.url, headers)(paths[0]!);
  if (probe.status !== 200) throw new Error(`GET ${paths[0]} answered ${probe.status}: ${probe.body.slice(0, 300)}`);
  const shape = QUICK ? { connections: 50, seconds: 3, warmupSeconds: 1 } : { connections: 50, seconds: 15, warmupSeconds: 5 };
  const t = await measureThroughput(server.url, headers, paths, { server: server.pid, postgres: server.pgPid() }, shape);
  if (t.non2xx > 0 || t.errors > 0) throw new Error(`load on ${paths[0]} got ${t.non2xx} non-2xx and ${t.errors} errors of ${t.requests}`);
  return t;
}

const ms = (s: LatencySummary) => `p50 ${n(s.p50)} ms, p95 ${n(s.p95)} ms, p99 ${n(s.p99)} ms (n = ${s.n})`;
const row = (label: string, t: Throughput) =>
  `| ${label} | ${n(t.reqPerSec)} | ${n(t.latencyP50)} | ${n(t.latencyP99)} | ${n(t.cpuMsPerRequest.server)} | ${n(t.cpuMsPerRequest.postgres)} | ${n(t.rssMaxMB)} |`;

await runBench('identity', 'Identity: sign-in latency and who-am-I throughput — issue 3', async () => {
  const dataDir = path.join(WORK_DIR, 'identity');
  rmSync(dataDir, { recursive: true, force: true });
  // The per-IP sign-in limit would stop a benchmark that signs in hundreds of times from one address.
  const server = await startBenchServer(dataDir, { env: { OPS_AUTH_RATE_LIMIT: '100000', OPS_JOBS: 'false', OPS_LOG_LEVEL: 'warn' } });
  const pool = new pg.Pool({ connectionString: server.pgUrl, max: 2 });
  let done = false;
  try {
    const hashes: number[] = [];
    for (let i = 0; i < (QUICK ? 5 : 30); i++) {
      const t = performance.now();
      await hashPassword(`bench-password-${i}`);
      hashes.push(performance.now() - t);
    }
    const hash = summarize(hashes);

    const iterations = QUICK ? 20 : 200;
    for (let i = 0; i < (QUICK ? 3 : 20); i++) await signIn(server);
    const total: number[] = [];
    const submit: number[] = [];
    let cookie = '';
    for (let i = 0; i < iterations; i++) {
      const r = await signIn(server);
      total.push(r.totalMs);
      submit.push(r.submitMs);
      cookie = r.sessionCookie;
    }
    const signInTotal = summarize(total);
    const signInSubmit = summarize(submit);

    const admin = await pool.query<{ id: string }>('SELECT id FROM people WHERE lower(email) = lower($1)', [server.adminEmail]);
    const bearer = `Bearer ${await createAccessToken(server.pgUrl, server.adminEmail)}`;
    const baseline = await load(server, { authorization: bearer }, [`/api/db/people?id=eq.${admin.rows[0]!.id}`]);
    const whoami = await load(server, { cookie }, ['/api/auth/whoami']);
    const session = await load(server, { cookie }, ['/api/auth/sessions/whoami']);
    const ratio = whoami.reqPerSec / baseline.reqPerSec;

    const figures = [
      figure('(a) sign-in p50 (login flow submit: argon2id check, new session)', signInSubmit.p50, 'ms', { max: 100 }),
      figure('(a) argon2id hash p50 (m = 19 MiB, t = 2, p = 1)', hash.p50, 'ms', { max: 100 }),
      figure('(b) whoami throughput, 50 connections, session cookie', whoami.reqPerSec, 'req/s', { min: 3000 }),
      figure('(b) whoami ÷ baseline single-row GET (same run)', ratio, '×', { min: 1 }),
    ];
    const markdown = [
      QUICK ? '_BENCH_QUICK=1: short loops, figures not meaningful._\n' : '',
      '### Method',
      '',
      `- (a) ${iterations} sign-ins of the admin in a row after ${QUICK ? 3 : 20} warm-up ones, each as a browser does it: ` +
        '`GET /api/auth/self-service/login/browser` (JSON), then `POST` the flow with identifier, password and its CSRF token. ' +
        'The submit verifies the argon2id hash, rotates the session (a new session row) and answers the Kratos session.',
      `- (b) autocannon, 50 connections, ${QUICK ? 3 : 15} s after ${QUICK ? 1 : 5} s warm-up. The baseline is the foundation's indexed single-row GET ` +
        '(`/api/db/people?id=eq.…`, Bearer token) on the same server in the same run.',
      '',
      '### Latency',
      '',
      `- sign-in, flow submit: ${ms(signInSubmit)}`,
      `- sign-in, create + submit: ${ms(signInTotal)}`,
      `- argon2id hash alone: ${ms(hash)}`,
      '',
      '### Throughput',
      '',
      '| endpoint | req/s | p50 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | server RSS max MB |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      row('baseline: `GET /api/db/people?id=eq.…` (Bearer)', baseline),
      row('`GET /api/auth/whoami` (session cookie)', whoami),
      row('`GET /api/auth/sessions/whoami` (session cookie, Kratos shape)', session),
      '',
      `whoami ÷ baseline: ${n(ratio)}×. The app's who-am-I computes roles and the permission map fresh on every call from ` +
        'a principal cached for 10 s per session (cleared on any role or state change); the Kratos session check reads the ' +
        'session and identity from PostgreSQL every time.',
    ].join('\n');
    done = true;
    return { figures, markdown };
  } finally {
    await pool.end();
    await server.stop();
    if (done && process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
});
