import { describe, expect, it } from 'vitest';
import { LOGGING_BACKEND_RULES, NEW_LOGGING_BACKEND_SPEC } from './logging-backend-form';
import { convertSpecText, parseLabels, specFormErrors, toSpecFormValues, type SpecFormValues } from './spec-form-model';
import { NEW_TOPOLOGY_SPEC, TOPOLOGY_RULES, topologyWriteOf } from './topology-spec-text';

const values = (extra: Partial<SpecFormValues>): SpecFormValues => ({ ...toSpecFormValues(undefined, ''), ...extra });

describe('topology form rules', () => {
  it('accept the starter spec once named, and default the namespace', () => {
    const start = toSpecFormValues(undefined, NEW_TOPOLOGY_SPEC);
    expect(start.namespace).toBe('default');
    expect(specFormErrors(start, TOPOLOGY_RULES)).toEqual({ name: 'This field is required' });
    expect(specFormErrors({ ...start, name: 'web' }, TOPOLOGY_RULES)).toEqual({});
  });

  it('name the spec problem with its line, and require a spec and JSON labels', () => {
    const bad = values({ name: 't', specText: 'components:\n  - name: a\n    parentLookup: nope\n' });
    expect(specFormErrors(bad, TOPOLOGY_RULES).specText).toBe(
      'Line 3: components[0].parentLookup: must be an object with name, type, namespace or externalID',
    );
    expect(specFormErrors(values({ name: 't', specText: ' ' }), TOPOLOGY_RULES).specText).toBe('The spec is required');
    expect(specFormErrors(values({ name: 't', specText: NEW_TOPOLOGY_SPEC, labelsText: '[1]' }), TOPOLOGY_RULES).labelsText).toBe(
      'Labels must be a JSON map of names to values',
    );
  });

  it('take a pasted Topology document whole: its metadata fills what the fields leave empty', () => {
    const doc = [
      'apiVersion: canaries.flanksource.com/v1',
      'kind: Topology',
      'metadata:',
      '  name: single-check',
      '  namespace: apps',
      '  labels: {team: sre}',
      'spec:',
      '  schedule: "@every 5m"',
      '  components:',
      '    - name: single-check',
      '',
    ].join('\n');
    const form = values({ specText: doc, labelsText: '{"tier": "web"}' });
    expect(specFormErrors({ ...form, namespace: '' }, TOPOLOGY_RULES)).toEqual({});
    expect(topologyWriteOf({ ...form, namespace: '' })).toEqual({
      name: 'single-check',
      namespace: 'apps',
      icon: null,
      labels: { team: 'sre', tier: 'web' },
      spec: { schedule: '@every 5m', components: [{ name: 'single-check' }] },
    });
    // Without metadata.name the Name field is needed (and the document's own schema names the gap).
    const unnamed = doc.replace('  name: single-check\n', '');
    expect(specFormErrors(values({ specText: unnamed }), TOPOLOGY_RULES)).toMatchObject({ name: 'This field is required' });
  });
});

describe('log backend form rules', () => {
  it('check the spec against the backend schema in YAML and JSON', () => {
    const ok = values({ name: 'files', specText: NEW_LOGGING_BACKEND_SPEC });
    expect(specFormErrors(ok, LOGGING_BACKEND_RULES)).toEqual({});
    const json = convertSpecText(NEW_LOGGING_BACKEND_SPEC, 'json');
    expect(JSON.parse(json)).toEqual({ file: { path: '/var/log/app/*.log' } });
    expect(specFormErrors({ ...ok, specText: json, language: 'json' }, LOGGING_BACKEND_RULES)).toEqual({});
    expect(specFormErrors({ ...ok, specText: 'loki: {}\n' }, LOGGING_BACKEND_RULES).specText).toBe(
      'Line 1: loki.url: url or connection is required',
    );
    expect(specFormErrors({ ...ok, specText: 'splunk: {}\n' }, LOGGING_BACKEND_RULES).specText).toMatch(
      /^Line 1: splunk: is not a log backend kind/,
    );
  });

  it('keep label values as text', () => {
    expect(parseLabels('{"a": 1, "b": true}')).toEqual({ a: '1', b: 'true' });
    expect(parseLabels('')).toEqual({});
    expect(parseLabels('nope')).toBeUndefined();
  });
});
