import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { CheckSeries, type CheckLabels } from './check-series.js';

const labels = (over: Partial<CheckLabels> = {}): CheckLabels => ({
  type: 'http',
  endpoint: 'http://a',
  canary_name: 'c',
  canary_namespace: 'default',
  owner: '',
  severity: '',
  key: 'id-1',
  name: 'check-a',
  ...over,
});

describe('CheckSeries', () => {
  it('keeps one label set per check: an edited endpoint replaces the old series', async () => {
    const registry = new Registry();
    const s = new CheckSeries(registry);
    s.record(labels(), { pass: true, invalid: false, duration: 12 });
    s.record(labels({ endpoint: 'http://b' }), { pass: false, invalid: true, duration: 0 });
    const text = await registry.metrics();
    expect(text).not.toContain('endpoint="http://a"');
    expect(text).toContain('canary_check{key="id-1",type="http",canary_name="c",canary_namespace="default",name="check-a"} 1');
    expect(text).toContain(
      'canary_check_invalid_count{type="http",endpoint="http://b",canary_name="c",canary_namespace="default",owner="",severity="",key="id-1",name="check-a"} 1',
    );
    s.remove('id-1');
    expect(await registry.metrics()).not.toContain('id-1');
  });
});
