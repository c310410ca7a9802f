import { describe, expect, it } from 'vitest';
import type { PlaybookParameterWire } from './playbook-api.schemas.js';
import { parameterValueError } from './parameter-rules.js';

const p = (over: Partial<PlaybookParameterWire> = {}): PlaybookParameterWire => ({
  name: 'value',
  label: 'Value',
  type: 'text',
  required: false,
  ...over,
});

describe('parameterValueError', () => {
  it('requires a value only when the parameter is required, naming its label (or name)', () => {
    expect(parameterValueError(p({ required: true }), '')).toBe('Value is required');
    expect(parameterValueError(p({ required: true, label: '' }), undefined)).toBe('value is required');
    expect(parameterValueError(p({ required: true, type: 'people' }), [])).toBe('Value is required');
    expect(parameterValueError(p(), '')).toBeNull();
    expect(parameterValueError(p({ required: true }), 'x')).toBeNull();
  });

  it('checks text length and the RE2 pattern', () => {
    const text = p({ properties: { minLength: 2, maxLength: '4', regex: '^[a-z]+$' } });
    expect(parameterValueError(text, 'a')).toBe('Value must be at least 2 characters');
    expect(parameterValueError(text, 'abcde')).toBe('Value must be at most 4 characters');
    expect(parameterValueError(text, 'ab1')).toBe('Value must match the pattern ^[a-z]+$');
    expect(parameterValueError(text, 'abc')).toBeNull();
    expect(parameterValueError(p({ properties: { regex: '(a)\\1' } }), 'aa')).toMatch(/^Value has an invalid pattern: backreference/);
  });

  it('checks numbers against min and max', () => {
    const n = p({ properties: { min: 1, max: '10' } });
    expect(parameterValueError(n, 'ten')).toBe('Value must be a number');
    expect(parameterValueError(n, '0')).toBe('Value must be at least 1');
    expect(parameterValueError(n, 11)).toBe('Value must be at most 10');
    expect(parameterValueError(n, '5')).toBeNull();
  });

  it('checks the bytes format and compares sizes in bytes', () => {
    const b = p({ type: 'bytes', properties: { min: '512Mi', max: '2Gi' } });
    expect(parameterValueError(b, '1G')).toBeNull();
    expect(parameterValueError(b, '1Gi')).toBeNull();
    expect(parameterValueError(b, '100Mi')).toBe('Value must be at least 512Mi');
    expect(parameterValueError(b, '3Gi')).toBe('Value must be at most 2Gi');
    expect(parameterValueError(b, '1 gig')).toBe('Value must be a size such as 512Mi or 1G');
    expect(parameterValueError(p({ properties: { format: 'bytes' } }), '512Mi')).toBeNull();
  });

  it('checks millicores, with cores and millicores compared alike', () => {
    const m = p({ type: 'millicores', properties: { max: '2' } });
    expect(parameterValueError(m, '500m')).toBeNull();
    expect(parameterValueError(m, '1.5')).toBeNull();
    expect(parameterValueError(m, '2500m')).toBe('Value must be at most 2');
    expect(parameterValueError(m, '500 m')).toBe('Value must be CPU in millicores or cores, such as 500m or 2');
  });

  it('checks dns1123 names', () => {
    const d = p({ properties: { format: 'dns1123' } });
    for (const ok of ['web', 'web-1', 'a.b-c.d', '0']) expect(parameterValueError(d, ok), ok).toBeNull();
    for (const bad of ['Web', '-web', 'web-', 'we_b', 'web.', 'x'.repeat(254)]) {
      expect(parameterValueError(d, bad), bad).toBe(
        "Value must be lowercase letters, digits, '-' and '.', starting and ending with a letter or digit",
      );
    }
  });

  it('checks durations (Go units plus d and w) and compares them', () => {
    const d = p({ type: 'duration', label: 'Retention window', properties: { min: '5m', max: '7d' } });
    for (const ok of ['15m', '1h30m', '2d', '1w', '7d']) expect(parameterValueError(d, ok), ok).toBeNull();
    expect(parameterValueError(d, '1m')).toBe('Retention window must be at least 5m');
    expect(parameterValueError(d, '2w')).toBe('Retention window must be at most 7d');
    expect(parameterValueError(d, '5 minutes')).toBe('Retention window must be a duration such as 30s, 5m, 1h or 2d');
  });

  it('checks checkboxes and list options', () => {
    const c = p({ type: 'checkbox' });
    expect(parameterValueError(c, true)).toBeNull();
    expect(parameterValueError(c, 'false')).toBeNull();
    expect(parameterValueError(c, 'yes')).toBe('Value must be true or false');
    const l = p({ type: 'list', properties: { options: ['a', { label: 'Bee', value: 'b' }] } });
    expect(parameterValueError(l, 'b')).toBeNull();
    expect(parameterValueError(l, 'c')).toBe('Value must be one of a, b');
  });

  it('leaves ids and objects of resource parameters to the server', () => {
    expect(parameterValueError(p({ type: 'config', required: true }), { id: 'x' })).toBeNull();
  });
});
