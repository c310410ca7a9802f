import { describe, expect, it } from 'vitest';
import { param } from '../run-dialog/playbook-test-peer';
import { initialParamValues, runParamsFrom } from './param-values';
import { paramError } from './param-schema';

describe('parameter values', () => {
  const params = [
    param({ name: 'a.b', default: 'x' }),
    param({ name: 'flag', type: 'checkbox', default: 'TRUE' }),
    param({ name: 'off', type: 'checkbox', default: false }),
    param({ name: 'empty' }),
  ];

  it('pre-fills rendered defaults under keys by position, so dotted names stay one field', () => {
    expect(initialParamValues(params)).toEqual({ p0: 'x', p1: true, p2: false, p3: '' });
  });

  it('sends values by name, checkboxes as true/false, and leaves empty optional text out', () => {
    expect(runParamsFrom(params, { p0: 'y', p1: false, p2: true, p3: '' })).toEqual({ 'a.b': 'y', flag: false, off: true });
  });

  it("says 'This field is required' for an empty required value, and defers the rest to the shared rules", () => {
    expect(paramError(param({ name: 'n', label: 'Name', required: true }), '')).toBe('This field is required');
    expect(paramError(param({ name: 'n', label: 'Name', required: true, type: 'checkbox' }), false)).toBeNull();
    expect(paramError(param({ name: 'n', label: 'Name', properties: { maxLength: 2 } }), 'abc')).toBe('Name must be at most 2 characters');
    expect(paramError(param({ name: 'n', label: 'Name', properties: { maxLength: 2 } }), '')).toBeNull();
  });
});
