import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry } from '../../../../../test/peers/canary-helpers.js';
import { startApiFakes, type ApiFakePeer } from '../../../../../test/peers/api-fakes.js';

let api: ApiFakePeer;
beforeAll(async () => {
  api = await startApiFakes({
    basicAuth: { username: 'ops', password: 'pw' },
    prometheus: {
      'up{job="api"}': [
        { metric: { __name__: 'up', job: 'api', instance: 'a:9090' }, value: 1 },
        { metric: { __name__: 'up', job: 'api', instance: 'b:9090' }, value: 0 },
      ],
    },
    alerts: [
      {
        labels: { alertname: 'HighCPU', namespace: 'prod', pod: 'web-1', severity: 'critical' },
        annotations: { summary: 'cpu high' },
        fingerprint: 'f1',
      },
      { labels: { alertname: 'Watchdog', severity: 'none' }, fingerprint: 'f2' },
      {
        labels: { alertname: 'DiskFull', namespace: 'dev', node: 'n1', severity: 'warning' },
        annotations: { description: 'disk' },
        fingerprint: 'f3',
      },
    ],
    indexes: { logs: [{ msg: 'a' }, { msg: 'b' }] },
  });
});
afterAll(() => api.close());

const creds = { username: { value: 'ops' }, password: { value: 'pw' } };

describe('prometheus check', () => {
  it('runs the query and exposes value, firstResult and results', async () => {
    const r = await runEntry('prometheus', {
      url: api.url,
      ...creds,
      query: 'up{job="api"}',
      test: { expr: 'results.exists(r, r.value == 0.0)' },
      display: { expr: "string(results.size()) + ' series'" },
    });
    expect(r).toMatchObject({ pass: true, message: '2 series' });
    expect(r.data.value).toBe(1);
    expect(r.data.firstResult).toEqual({ __name__: 'up', job: 'api', instance: 'a:9090', value: 1 });
  });

  it('fails with the API error for a bad query and without credentials', async () => {
    expect(await runEntry('prometheus', { url: api.url, ...creds, query: 'nope' })).toMatchObject({
      pass: false,
      error: 'prometheus: unknown query "nope"',
    });
    expect((await runEntry('prometheus', { url: api.url, query: 'up' })).pass).toBe(false);
  });
});

describe('alertmanager check', () => {
  it('sends the filters as matchers and exposes the alerts with canary-checker names', async () => {
    const r = await runEntry('alertmanager', {
      url: api.url,
      ...creds,
      filters: { severity: 'critical|warning' },
      ignore: ['Watchdog'],
      exclude_filters: { namespace: 'dev' },
    });
    expect(r.pass).toBe(true);
    const alerts = (r.detail as { alerts: Array<{ name: string; message: string; fingerprint: string }> }).alerts;
    expect(alerts).toEqual([expect.objectContaining({ name: 'HighCPU/prod/web-1', message: 'cpu high', fingerprint: 'f1' })]);
    expect(decodeURIComponent(api.alertQueries.at(-1)!)).toBe(
      '?filter=severity=~"critical|warning"&filter=alertname!~"Watchdog"&filter=namespace!="dev"',
    );
  });

  it('fans alerts out into checks with a transform', async () => {
    const r = await runEntry('alertmanager', {
      url: api.url,
      ...creds,
      transform: { expr: "results.alerts.map(a, {'name': a.name, 'pass': false, 'message': a.message}).toJSON()" },
    });
    expect(r.transformed.map((t) => [t.name, t.result.pass])).toEqual([
      ['HighCPU/prod/web-1', false],
      ['Watchdog', false],
      ['DiskFull/dev/n1', false],
    ]);
  });
});

describe('elasticsearch and opensearch checks', () => {
  it('compares the hit count with results', async () => {
    expect(
      await runEntry('elasticsearch', { url: api.url, ...creds, index: 'logs', query: '{"query":{"match_all":{}}}', results: 2 }),
    ).toMatchObject({ pass: true, message: '2 hits' });
    expect(await runEntry('opensearch', { url: api.url, ...creds, index: 'logs', results: 5 })).toMatchObject({
      pass: false,
      error: 'Query return 2 rows, expected 5',
    });
  });

  it('reports the search error and refuses a query that is not JSON', async () => {
    expect((await runEntry('elasticsearch', { url: api.url, ...creds, index: 'missing', results: 0 })).error).toBe(
      'Error from elasticsearch.[404]: index_not_found_exception, no such index [missing]',
    );
    expect(await runEntry('elasticsearch', { url: api.url, ...creds, index: 'logs', query: '{bad' })).toMatchObject({ invalid: true });
  });
});
