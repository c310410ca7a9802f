import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fromCanaryYaml, newCheck, parseLabels, pruneEmpty, specFromForm, toCanaryYaml, toFormValues } from './canary-form-model';

const row = {
  name: 'web',
  namespace: 'prod',
  labels: { team: 'core' },
  spec: {
    schedule: '@every 1m',
    owner: 'ops',
    http: [{ name: 'home', url: 'http://x', responseCodes: [200], unknownField: { kept: true } }],
    dns: [{ name: 'a', query: 'example.com', querytype: 'A' }],
  },
};

describe('canary form model', () => {
  it('splits a spec into checks and keeps every field it does not edit', () => {
    const values = toFormValues(row);
    expect(values).toMatchObject({ name: 'web', namespace: 'prod', schedule: '@every 1m', rest: { owner: 'ops' } });
    expect(values.checks.map((c) => c.type)).toEqual(['http', 'dns']);
    expect(values.checks[1]?.yaml).toContain('querytype: A');
    expect(specFromForm(values)).toEqual(row.spec);
    expect(parseLabels(values.labelsText)).toEqual({ team: 'core' });
  });

  it('defaults a new canary and drops empty form leftovers', () => {
    const values = toFormValues();
    expect(values).toMatchObject({ name: '', namespace: 'default', schedule: '@every 5m', checks: [] });
    const check = newCheck('http');
    check.entry = { name: 'x', url: 'http://y', body: '', headers: [], test: { expr: '' }, username: { value: '' } };
    values.checks.push(check);
    expect(specFromForm(values)).toEqual({ schedule: '@every 5m', http: [{ name: 'x', url: 'http://y' }] });
    expect(pruneEmpty({ a: [], b: {}, c: '', d: 0, e: false })).toEqual({ d: 0, e: false });
  });

  it('round-trips the whole Canary through the Code view', () => {
    const yaml = toCanaryYaml(toFormValues(row));
    const doc = parse(yaml) as Record<string, unknown>;
    expect(doc).toMatchObject({ apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name: 'web', namespace: 'prod', labels: { team: 'core' } } });
    const back = fromCanaryYaml(yaml);
    expect(back && specFromForm(back)).toEqual(row.spec);
    expect(fromCanaryYaml('just: text')).toBeUndefined();
    expect(parseLabels('{broken')).toBeUndefined();
  });
});
