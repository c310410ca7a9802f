import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunNowResponse } from '@ops/shared';
import { startTestServer, type TestServer } from '../../../test/test-server.js';
import { apply, checksOf, waitFor } from '../health-test-helpers.js';

let s: TestServer;
let peer: Server;
let base: string;

beforeAll(async () => {
  // The scheduler runs too: one test checks that scheduled runs export their series.
  s = await startTestServer();
  peer = createServer((req, res) => {
    if (req.url === '/ok') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: 3 }));
    else res.writeHead(503).end('down');
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s?.stop();
  await new Promise((resolve) => peer?.close(resolve));
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// Prometheus text format into samples (label values here hold no escaped quotes).
async function scrape(): Promise<Sample[]> {
  const res = await s.request('/api/metrics', { as: 'viewer' });
  expect(res.status).toBe(200);
  return (await res.text())
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)].map((p) => [p[1]!, p[2]!]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

function find(samples: Sample[], name: string, labels: Record<string, string>): Sample[] {
  return samples.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string>): number | undefined {
  const found = find(samples, name, labels);
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

const canaryYaml = (name: string, schedule = '') => `apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: ${name}
  namespace: team-m
spec:
  ${schedule ? `schedule: "${schedule}"` : 'owner: team-a'}
  severity: high
  http:
    - name: ${name}-ok
      url: ${base}/ok
      metrics:
        - name: ${name.replace(/-/g, '_')}_items
          type: gauge
          value: json.items
          labels:
            - name: fixed
              value: here
            - name: check_name
              valueExpr: check.name
        - name: ${name.replace(/-/g, '_')}_hits
          type: counter
          value: "code == 200 ? 1 : 0"
          labels:
            - name: code
              valueExpr: string(code)
        - name: ${name.replace(/-/g, '_')}_seconds
          type: histogram
          value: "1.5"
        - name: ${name.replace(/-/g, '_')}_broken
          type: gauge
          value: json.nope.deeper
    - name: ${name}-down
      url: ${base}/down
`;

async function runNow(checkId: string): Promise<RunNowResponse> {
  const run = await s.json<RunNowResponse>(`/api/canary/run/check/${checkId}`, { method: 'POST', as: 'responder' });
  expect(run.status).toBe(200);
  return run.body;
}

describe('canary metrics at /api/metrics', () => {
  it("exports canary-checker's check series and the declared metrics, and removes them with the canary", async () => {
    const res = await apply(s, canaryYaml('peer-metrics'));
    expect(res.status).toBe(200);
    const checks = await checksOf(s, res.body.results![0]!.id);
    const ok = checks.find((c) => c.name === 'peer-metrics-ok')!;
    const down = checks.find((c) => c.name === 'peer-metrics-down')!;

    const okRun = await runNow(ok.id);
    // A metric whose CEL fails does not fail the check; the reason is in its message.
    expect(okRun.results[0]).toMatchObject({ pass: true, error: '' });
    expect(okRun.results[0]!.message).toMatch(/metric peer_metrics_broken: /);
    await runNow(ok.id);
    expect((await runNow(down.id)).results[0]!.pass).toBe(false);

    const samples = await scrape();
    const canary = { canary_name: 'peer-metrics', canary_namespace: 'team-m' };
    expect(valueOf(samples, 'canary_check', { ...canary, key: ok.id, type: 'http', name: 'peer-metrics-ok' })).toBe(0);
    expect(valueOf(samples, 'canary_check', { ...canary, key: down.id, type: 'http', name: 'peer-metrics-down' })).toBe(1);
    const okLabels = {
      ...canary,
      key: ok.id,
      type: 'http',
      name: 'peer-metrics-ok',
      endpoint: `${base}/ok`,
      owner: 'team-a',
      severity: 'high',
    };
    expect(valueOf(samples, 'canary_check_info', okLabels)).toBe(0);
    expect(valueOf(samples, 'canary_check_info', { key: down.id })).toBe(1);
    expect(valueOf(samples, 'canary_check_count', okLabels)).toBe(2);
    expect(valueOf(samples, 'canary_check_success_count', okLabels)).toBe(2);
    expect(valueOf(samples, 'canary_check_failed_count', okLabels)).toBe(0);
    expect(valueOf(samples, 'canary_check_failed_count', { key: down.id })).toBe(1);
    expect(valueOf(samples, 'canary_check_success_count', { key: down.id })).toBeUndefined();
    expect(valueOf(samples, 'canary_check_duration_count', okLabels)).toBe(2);
    expect(valueOf(samples, 'canary_check_duration_bucket', { ...okLabels, le: '30000' })).toBe(2);

    expect(valueOf(samples, 'peer_metrics_items', { fixed: 'here', check_name: 'peer-metrics-ok' })).toBe(3);
    expect(valueOf(samples, 'peer_metrics_hits', { code: '200' })).toBe(2);
    expect(valueOf(samples, 'peer_metrics_seconds_count', {})).toBe(2);
    expect(valueOf(samples, 'peer_metrics_seconds_sum', {})).toBe(3);
    expect(find(samples, 'peer_metrics_broken', {})).toEqual([]);
    // What the http check type reports itself, as canary-checker's response_code.
    expect(valueOf(samples, 'response_code', { code: '200', url: `${base}/ok` })).toBe(2);

    const del = await s.request('/api/resources/canary/peer-metrics?namespace=team-m', { method: 'DELETE' });
    expect(del.status).toBe(200);
    const after = await scrape();
    expect(after.filter((x) => x.labels.key === ok.id || x.labels.key === down.id)).toEqual([]);
    expect(
      after.filter((x) => x.name.startsWith('peer_metrics_') || (x.name === 'response_code' && x.labels.url === `${base}/ok`)),
    ).toEqual([]);
  });

  it('exports the series of scheduled runs', async () => {
    const res = await apply(s, canaryYaml('sched-metrics', '@every 1s'));
    expect(res.status).toBe(200);
    const ok = (await checksOf(s, res.body.results![0]!.id)).find((c) => c.name === 'sched-metrics-ok')!;
    const seen = await waitFor(async () => {
      const samples = await scrape();
      return (valueOf(samples, 'canary_check_success_count', { key: ok.id }) ?? 0) >= 1 ? samples : undefined;
    });
    expect(valueOf(seen, 'sched_metrics_items', { check_name: 'sched-metrics-ok' })).toBe(3);
    expect((await s.request('/api/resources/canary/sched-metrics?namespace=team-m', { method: 'DELETE' })).status).toBe(200);
  });

  it('refuses at apply a metric with an invalid name, a built-in name or another canary’s type, naming the field', async () => {
    const bad = await apply(s, canaryYaml('bad-metric').replace('name: bad_metric_items', 'name: bad-metric-items'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/spec\.http\[0\]\.metrics\[0\]\.name: must be a Prometheus metric name/);

    const builtIn = await apply(s, canaryYaml('builtin-metric').replace('builtin_metric_items', 'canary_check_info'));
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toMatch(/spec\.http\[0\]\.metrics\[0\]\.name: "canary_check_info" is a metric the server exports itself/);

    expect((await apply(s, canaryYaml('first-owner'))).status).toBe(200);
    const clash = await apply(
      s,
      canaryYaml('second-owner').replace('second_owner_hits', 'first_owner_hits').replace('type: counter', 'type: gauge'),
    );
    expect(clash.status).toBe(400);
    expect(clash.body.message).toMatch(
      /spec\.http\[0\]\.metrics\[1\]\.type: metric "first_owner_hits" is a counter \{code\} in canary team-m\/first-owner/,
    );
    const stored = await s.ctx.db.kysely
      .selectFrom('canaries')
      .select('name')
      .where('name', 'in', ['bad-metric', 'builtin-metric', 'second-owner'])
      .execute();
    expect(stored).toEqual([]);
  });
});
