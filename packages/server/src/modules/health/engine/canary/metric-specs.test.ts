import { describe, expect, it } from 'vitest';
import { validateCanary } from './parse-canary.js';

const canary = (metrics: unknown[], more: unknown[] = []) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'm' },
  spec: { http: [{ name: 'a', url: 'http://127.0.0.1:1', metrics }, ...more] },
});

const issues = (metrics: unknown[], more: unknown[] = []) => validateCanary(canary(metrics, more)).map((i) => `${i.path}: ${i.message}`);

describe('declared metrics', () => {
  it('accepts canary-checker metrics with CEL values and labels', () => {
    expect(
      issues([
        {
          name: 'httpbin_2xx_count',
          type: 'counter',
          value: 'code == 200 ? 1 : 0',
          labels: [{ name: 'check_name', valueExpr: 'check.name' }],
        },
      ]),
    ).toEqual([]);
  });

  it('refuses names Prometheus cannot take, naming the field', () => {
    expect(issues([{ name: 'bad-name', value: '1' }])).toEqual([
      expect.stringMatching(/^spec\.http\[0\]\.metrics\[0\]\.name: must be a Prometheus metric name/),
    ]);
    expect(issues([{ name: 'ok', value: '1', labels: [{ name: '__x', value: 'y' }] }])).toEqual([
      expect.stringMatching(/^spec\.http\[0\]\.metrics\[0\]\.labels\[0\]\.name: names starting with __ are reserved/),
    ]);
  });

  it('refuses a name the server exports itself', () => {
    expect(issues([{ name: 'canary_check_duration', value: '1' }])).toEqual([
      expect.stringMatching(/^spec\.http\[0\]\.metrics\[0\]\.name: "canary_check_duration" is a metric the server exports itself/),
    ]);
    expect(issues([{ name: 'http_requests_total', value: '1' }])).toHaveLength(1);
  });

  it('refuses one name with two types or two label sets, naming the second', () => {
    const second = { name: 'b', url: 'http://127.0.0.1:2', metrics: [{ name: 'rate', type: 'counter', value: '1' }] };
    expect(issues([{ name: 'rate', type: 'gauge', value: '1' }], [second])).toEqual([
      expect.stringMatching(
        /^spec\.http\[1\]\.metrics\[0\]\.type: metric "rate" is declared as a gauge \{\} at spec\.http\[0\]\.metrics\[0\]/,
      ),
    ]);
    expect(issues([{ name: 'response_code', type: 'counter', value: '1' }])).toEqual([
      expect.stringMatching(/^spec\.http\[0\]\.metrics\[0\]\.labels: "response_code" is reported by http checks/),
    ]);
  });

  it('refuses CEL that does not parse and duplicate labels', () => {
    expect(
      issues([
        {
          name: 'x',
          value: 'code ==',
          labels: [
            { name: 'l', valueExpr: 'a.' },
            { name: 'l', value: 'v' },
          ],
        },
      ]),
    ).toEqual([
      expect.stringMatching(/^spec\.http\[0\]\.metrics\[0\]\.value: invalid CEL expression/),
      expect.stringMatching(/^spec\.http\[0\]\.metrics\[0\]\.labels\[0\]\.valueExpr: invalid CEL expression/),
      'spec.http[0].metrics[0].labels[1].name: duplicate label "l"',
    ]);
  });
});
