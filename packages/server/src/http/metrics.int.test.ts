import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.js';

let s: TestServer;
let open: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  open = await startTestServer({ OPS_METRICS_PUBLIC: 'true', OPS_JOBS: 'false' });
});
afterAll(async () => {
  await s?.stop();
  await open?.stop();
});

// The value of one series in Prometheus text, e.g. value(text, 'http_requests_total{method="GET",...}').
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

describe('GET /api/metrics', () => {
  it('needs credentials unless OPS_METRICS_PUBLIC=true', async () => {
    expect((await s.request('/api/metrics', { as: null })).status).toBe(401);
    expect((await s.request('/api/metrics', { as: 'viewer' })).status).toBe(200);
    const anon = await open.request('/api/metrics', { as: null });
    expect(anon.status).toBe(200);
    expect(anon.headers.get('content-type')).toContain('text/plain');
  });

  it('counts requests and latency by route pattern, never by raw URL', async () => {
    for (let i = 0; i < 3; i++) await s.request('/api/about', { as: null });
    await s.request('/api/no-such-thing/12345');
    const text = await (await s.request('/api/metrics')).text();
    expect(value(text, 'http_requests_total{method="GET",route="/api/about",status_code="200"}')).toBeGreaterThanOrEqual(3);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/about",status_code="200"}')).toBeGreaterThanOrEqual(3);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/about",status_code="200"}');
    expect(value(text, 'http_requests_total{method="GET",route="<unmatched>",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('12345');
  });

  it('reports the DB pool, queue depth and process metrics', async () => {
    await s.ctx.events.emit('metrics.nobody-listens', {});
    await s.ctx.events.emit('metrics.nobody-listens', {});
    await s.db.pool.query(`INSERT INTO event_queue (name, error, attempts, next_attempt_at) VALUES ('metrics.failed', 'x', 5, 'infinity')`);
    const text = await (await s.request('/api/metrics')).text();
    expect(value(text, 'ops_db_pool_total_connections')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'ops_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'ops_db_pool_waiting_clients')).toBe(0);
    expect(value(text, 'ops_event_queue_pending{name="metrics.nobody-listens"}')).toBe(2);
    expect(value(text, 'ops_event_queue_failed{name="metrics.failed"}')).toBe(1);
    expect(value(text, 'ops_queue_depth_read_errors')).toBe(0);
    expect(text).toContain('# TYPE ops_job_queue_jobs gauge');
    expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_heap_size_total_bytes');
  });

  it('reports pg-boss queue sizes by queue and state', async () => {
    await s.db.pool.query(`INSERT INTO pgboss.job (name, data, state) VALUES ('sessions-cleanup', '{}', 'failed')`);
    const text = await (await s.request('/api/metrics')).text();
    expect(value(text, 'ops_job_queue_jobs{queue="sessions-cleanup",state="failed"}')).toBe(1);
  });
});
