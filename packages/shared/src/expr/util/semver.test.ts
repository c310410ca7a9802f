import { describe, expect, it } from 'vitest';
import { compareSemver, parseSemver, semverSatisfies } from './semver.js';

describe('semver', () => {
  it('compares by precedence', () => {
    expect(compareSemver('1.2.3', '1.2.4')).toBe(-1);
    expect(compareSemver('1.10.0', '1.9.9')).toBe(1);
    expect(compareSemver('v1.2', '1.2.0')).toBe(0);
    expect(compareSemver('1.0.0-rc.1', '1.0.0')).toBe(-1);
    expect(compareSemver('1.0.0-alpha.1', '1.0.0-alpha.beta')).toBe(-1);
    expect(compareSemver('1.0.0+build', '1.0.0')).toBe(0);
  });

  it.each([
    ['1.2.3', '1.2.3', true],
    ['1.2.3', '1.2.4', false],
    ['>= 1.2, < 2', '1.9.0', true],
    ['>= 1.2, < 2', '2.0.0', false],
    ['^1.4', '1.9.9', true],
    ['^1.4', '2.0.0', false],
    ['^0.3', '0.3.9', true],
    ['^0.3', '0.4.0', false],
    ['~1.4', '1.4.9', true],
    ['~1.4', '1.5.0', false],
    ['1.x', '1.7.0', true],
    ['!= 1.0.0', '1.0.1', true],
    ['< 1.0 || >= 3', '3.1.0', true],
    ['>= 1.0', '1.1.0-beta', false],
  ])('%s satisfied by %s: %s', (c, v, ok) => expect(semverSatisfies(c, v)).toBe(ok));

  it('rejects what is not a version', () => {
    expect(() => parseSemver('one')).toThrow('invalid semantic version "one"');
    expect(() => semverSatisfies('>>1', '1.0.0')).toThrow('improper constraint');
  });
});
