// The logs action over real backends: a log file (inline file source), a Loki peer on loopback (inline
// url and LogQL, and a stored backend named by `backend`), then parse, dedupe and match as postProcess says.
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/test-server.js';
import { testActionContext } from '../actions-test-helpers.js';
import { runAction } from '../index.js';

let s: TestServer;
let loki: http.Server;
let lokiUrl: string;
const lokiQueries: URLSearchParams[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'ops-logs-action-'));
const NS = 1_000_000n;

beforeAll(async () => {
  const now = BigInt(Date.now());
  // A Loki answering query_range with two streams, as the real API does (ns timestamps as strings).
  loki = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    lokiQueries.push(url.searchParams);
    const at = (agoMs: bigint) => String((now - agoMs) * NS);
    const body = {
      status: 'success',
      data: {
        resultType: 'streams',
        result: [
          {
            stream: { app: 'api' },
            values: [
              [at(1000n), 'request 17 failed'],
              [at(2000n), 'request 12 failed'],
            ],
          },
          { stream: { app: 'api' }, values: [[at(3000n), 'started']] },
        ],
      },
    };
    res
      .writeHead(url.pathname === '/loki/api/v1/query_range' ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => loki.listen(0, '127.0.0.1', resolve));
  lokiUrl = `http://127.0.0.1:${(loki.address() as AddressInfo).port}`;
  s = await startTestServer({ OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
  await new Promise((resolve) => loki.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('logs action', () => {
  it('reads a log file, parses JSON lines, folds duplicates and keeps what the match says', async () => {
    const file = path.join(dir, 'app.log');
    const t = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString();
    writeFileSync(
      file,
      [
        JSON.stringify({ time: t(1), level: 'error', msg: 'disk full' }),
        JSON.stringify({ time: t(2), level: 'info', msg: 'retrying' }),
        JSON.stringify({ time: t(3), level: 'error', msg: 'disk full' }),
      ].join('\n') + '\n',
    );
    const out = await runAction(
      {
        logs: {
          file: { path: '{{.params.file}}' },
          since: '1h',
          postProcess: { parse: 'json', dedupe: { fields: ['message'] }, match: ['severity == "error"'] },
        },
      },
      testActionContext(s, { params: { file } }),
    );
    expect(out, out.error).toMatchObject({ status: 'completed', result: { count: 1 } });
    expect(out.result.logs).toMatchObject([{ message: 'disk full', severity: 'error', count: 2 }]);
  });

  it('queries Loki with the LogQL and window given inline, then dedupes by hash', async () => {
    const out = await runAction(
      {
        logs: {
          loki: { url: lokiUrl, query: '{app="{{.params.app}}"}', limit: 50, since: '2h' },
          postProcess: { dedupe: { fields: ['hash'] } },
        },
      },
      testActionContext(s, { params: { app: 'api' } }),
    );
    expect(out, out.error).toMatchObject({ status: 'completed', result: { count: 2 } });
    const q = lokiQueries.at(-1)!;
    expect(q.get('query')).toBe('{app="api"}');
    expect(q.get('limit')).toBe('50');
    expect(BigInt(q.get('end')!) - BigInt(q.get('start')!)).toBeGreaterThanOrEqual(2n * 3600n * 1000n * NS);
    expect(out.result.logs).toMatchObject([
      { message: 'request 17 failed', count: 2, labels: { app: 'api' } },
      { message: 'started', count: 1 },
    ]);
  });

  it('reads a stored backend named by `backend`, the action query replacing the stored one', async () => {
    await s.db.pool.query('INSERT INTO logging_backends (name, spec) VALUES ($1, $2)', [
      'loki-main',
      JSON.stringify({ loki: { url: lokiUrl, query: '{app="other"}' } }),
    ]);
    const out = await runAction(
      { logs: { backend: 'loki-main', query: '{app="api"} |= "failed"', match: ['message.contains("17")'] } },
      testActionContext(s),
    );
    expect(out, out.error).toMatchObject({ status: 'completed', result: { count: 1, logs: [{ message: 'request 17 failed' }] } });
    expect(lokiQueries.at(-1)!.get('query')).toBe('{app="api"} |= "failed"');
  });

  it('fails naming the problem: no source or two, an unknown backend, a match that does not compile', async () => {
    const ctx = testActionContext(s);
    expect((await runAction({ logs: { loki: { url: lokiUrl }, file: { path: '/x' } } }, ctx)).error).toBe(
      'logs: set exactly one of loki, opensearch, elasticsearch, kubernetes, file, backend',
    );
    expect((await runAction({ logs: { backend: 'nope' } }, ctx)).error).toBe('logs.backend: no log backend is named nope');
    expect(
      (await runAction({ logs: { loki: { url: lokiUrl, query: '{a="b"}' }, postProcess: { match: ['severity =='] } } }, ctx)).error,
    ).toMatch(/^logs\.postProcess\.match 'severity ==':/);
    expect((await runAction({ logs: { loki: { url: lokiUrl, query: '{a="b"}', since: 'yesterday' } } }, ctx)).error).toBe(
      'logs.since: "yesterday" is neither a time nor a duration (e.g. 1h, 30m)',
    );
  });
});
