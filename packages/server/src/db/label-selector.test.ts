import { describe, expect, it } from 'vitest';
import { matchesRequirements, parseLabelSelector } from './label-selector.js';

describe('label selectors', () => {
  it('reads equality, inequality, set and existence requirements', () => {
    expect(parseLabelSelector('a=b, c!=d,e in (f, g),h notin (i),j,!k')).toEqual([
      { op: 'eq', key: 'a', value: 'b' },
      { op: 'neq', key: 'c', value: 'd' },
      { op: 'in', key: 'e', values: ['f', 'g'] },
      { op: 'notin', key: 'h', values: ['i'] },
      { op: 'exists', key: 'j' },
      { op: 'absent', key: 'k' },
    ]);
    expect(() => parseLabelSelector('a b c')).toThrow(/a b c/);
  });

  it('matches label maps as Kubernetes does', () => {
    const reqs = parseLabelSelector('check=http-200,env in (prod,stage),!skip');
    expect(matchesRequirements({ check: 'http-200', env: 'prod' }, reqs)).toBe(true);
    expect(matchesRequirements({ check: 'http-200', env: 'dev' }, reqs)).toBe(false);
    expect(matchesRequirements({ check: 'http-200', env: 'prod', skip: '' }, reqs)).toBe(false);
    expect(matchesRequirements({ env: 'prod' }, reqs)).toBe(false);
  });
});
