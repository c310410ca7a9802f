import type { FastifyBaseLogger } from 'fastify';
import { Registry } from 'prom-client';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckMetric } from '../engine/index.js';
import { CustomMetrics } from './custom-metrics.js';

let registry: Registry;
let warnings: string[];
const log = { warn: (_fields: unknown, message: string) => warnings.push(message) } as unknown as FastifyBaseLogger;

beforeEach(() => {
  registry = new Registry();
  warnings = [];
});

const gauge = (name: string, value: number, labels: Record<string, string> = {}): CheckMetric => ({ name, type: 'gauge', value, labels });

async function text(): Promise<string> {
  return registry.metrics();
}

describe('CustomMetrics cardinality cap', () => {
  it('keeps at most the limit of label sets per metric, logs once, and keeps updating the kept ones', async () => {
    const m = new CustomMetrics(registry, log, { maxSeriesPerMetric: 3 });
    for (let i = 0; i < 10; i++) m.record('check-1', [gauge('queue_depth', i, { queue: `q${i}` })]);
    m.record('check-1', [gauge('queue_depth', 42, { queue: 'q0' })]);
    expect(m.seriesCount('queue_depth')).toBe(3);
    const out = await text();
    expect(out).toContain('queue_depth{queue="q0"} 42');
    expect(out).toContain('queue_depth{queue="q2"} 2');
    expect(out).not.toContain('q3');
    expect(warnings.filter((w) => w.includes('limit of label sets'))).toHaveLength(1);
  });

  it('counts the cap per metric, not across metrics', () => {
    const m = new CustomMetrics(registry, log, { maxSeriesPerMetric: 2 });
    for (let i = 0; i < 5; i++) m.record('c', [gauge('a_metric', i, { i: String(i) }), gauge('b_metric', i, { i: String(i) })]);
    expect([m.seriesCount('a_metric'), m.seriesCount('b_metric')]).toEqual([2, 2]);
  });

  it('frees room when the checks that wrote series are removed', async () => {
    const m = new CustomMetrics(registry, log, { maxSeriesPerMetric: 2 });
    m.record('a', [gauge('rooms', 1, { r: '1' })]);
    m.record('b', [gauge('rooms', 2, { r: '2' })]);
    m.record('b', [gauge('rooms', 1, { r: '1' })]);
    m.removeChecks(['a']);
    // r=1 was written by b too: it stays.
    expect(m.seriesCount('rooms')).toBe(2);
    m.removeChecks(['b']);
    expect(m.seriesCount('rooms')).toBe(0);
    expect(registry.getSingleMetric('rooms')).toBeUndefined();
    m.record('c', [gauge('rooms', 3, { r: '3' })]);
    expect(await text()).toContain('rooms{r="3"} 3');
  });
});

describe('CustomMetrics families', () => {
  it('adds counters (ignoring values of 0 or less), observes histograms, sets gauges', async () => {
    const m = new CustomMetrics(registry, log);
    for (const v of [2, 0, -1, 3]) m.record('c', [{ name: 'hits', type: 'counter', value: v, labels: { code: '200' } }]);
    m.record('c', [{ name: 'took', type: 'histogram', value: 0.2, labels: {} }]);
    const out = await text();
    expect(out).toContain('hits{code="200"} 5');
    expect(out).toContain('# TYPE took histogram');
    expect(out).toContain('took_count 1');
  });

  it('drops a name another check exports with another type, but lets a check change its own', async () => {
    const m = new CustomMetrics(registry, log);
    m.record('a', [gauge('shared', 1, { x: '1' })]);
    m.record('b', [{ name: 'shared', type: 'counter', value: 5, labels: { x: '2' } }]);
    expect(await text()).toContain('# TYPE shared gauge');
    expect(warnings).toEqual([expect.stringContaining('another type or other labels')]);
    m.record('a', [{ name: 'shared', type: 'counter', value: 5, labels: { y: '1' } }]);
    const out = await text();
    expect(out).toContain('# TYPE shared counter');
    expect(out).toContain('shared{y="1"} 5');
  });

  it('never writes into a family the server exports itself', async () => {
    registry.registerMetric({
      name: 'taken_here',
      help: 'x',
      type: 'gauge',
      get: async () => ({ name: 'taken_here', help: 'x', type: 'gauge', values: [], aggregator: 'sum' }),
    } as never);
    const m = new CustomMetrics(registry, log);
    m.record('c', [gauge('canary_check', 1), gauge('http_requests_total', 1), gauge('taken_here', 1), gauge('bad-name', 1)]);
    expect(m.seriesCount('canary_check') + m.seriesCount('taken_here') + m.seriesCount('http_requests_total')).toBe(0);
    expect(warnings).toHaveLength(4);
  });
});
