import { describe, expect, it } from 'vitest';
import { newCheck, toFormValues, type CanaryFormValues } from './canary-form-model';
import { NO_CHECKS_ERROR, NUMBER_ERROR, toResolverErrors, validateCanaryForm, yamlCheckError } from './canary-validation';

function withCheck(type: string, entry: Record<string, unknown>, yaml = ''): CanaryFormValues {
  const values = toFormValues();
  values.name = 'c';
  values.checks.push({ ...newCheck(type), entry, yaml });
  return values;
}

describe('canary editor validation', () => {
  it('requires a name and at least one check', () => {
    expect(validateCanaryForm(toFormValues())).toEqual({ name: 'This field is required', checks: NO_CHECKS_ERROR });
  });

  it('requires HTTP name and URL, and numbers of 0 or more', () => {
    expect(validateCanaryForm(withCheck('http', { name: '', url: ' ', thresholdMillis: -1, maxSSLExpiry: 'abc' }))).toEqual({
      'checks.0.entry.name': 'This field is required',
      'checks.0.entry.url': 'This field is required',
      'checks.0.entry.thresholdMillis': 'Must be 0 or more',
      'checks.0.entry.maxSSLExpiry': NUMBER_ERROR,
    });
    expect(validateCanaryForm(withCheck('http', { name: 'a', url: 'http://x', thresholdMillis: 0 }))).toEqual({});
  });

  it('checks the required fields of Redis, ICMP, Folder, TCP and the ICMP minimums', () => {
    expect(Object.keys(validateCanaryForm(withCheck('redis', { name: 'r' })))).toEqual(['checks.0.entry.addr']);
    expect(validateCanaryForm(withCheck('icmp', { name: 'i', endpoint: 'h', packetCount: -2, packetLossThreshold: 3 }))).toEqual({
      'checks.0.entry.packetCount': 'Must be 0 or more',
    });
    expect(Object.keys(validateCanaryForm(withCheck('folder', { name: 'f' })))).toEqual(['checks.0.entry.path']);
    expect(Object.keys(validateCanaryForm(withCheck('tcp', { name: 't' })))).toEqual(['checks.0.entry.endpoint']);
  });

  it('only checks the body while it is shown, and needs name and key for secret references', () => {
    const values = withCheck('http', {
      name: 'a',
      url: 'http://x',
      password: { valueFrom: { secretKeyRef: { name: 'creds', key: '' } } },
      headers: [{ name: '', value: 'v' }],
    });
    expect(validateCanaryForm(values)).toEqual({
      'checks.0.entry.password.valueFrom.secretKeyRef.key': 'This field is required',
      'checks.0.entry.headers.0.name': 'This field is required',
    });
  });

  it('validates code-only checks as YAML against their schema', () => {
    expect(yamlCheckError('dns', 'name: a\nquery: example.com\n')).toBeUndefined();
    expect(yamlCheckError('dns', 'name: a\n')).toBe('query: is required');
    expect(yamlCheckError('dns', 'name: a\nquery: x\nquerytype: BOGUS\n')).toMatch(/^querytype: unknown query type "BOGUS" \(use A, AAAA/);
    expect(yamlCheckError('postgres', '- just a list')).toMatch(/YAML map/);
    expect(yamlCheckError('postgres', 'name: [unclosed')).toBeTruthy();
    expect(validateCanaryForm(withCheck('dns', {}, 'name: a\n'))).toEqual({ 'checks.0.yaml': 'query: is required' });
  });

  it('nests errors the way react-hook-form reads them', () => {
    expect(toResolverErrors({ name: 'x', 'checks.0.entry.url': 'y' })).toEqual({
      name: { type: 'validate', message: 'x' },
      checks: { 0: { entry: { url: { type: 'validate', message: 'y' } } } },
    });
  });
});
