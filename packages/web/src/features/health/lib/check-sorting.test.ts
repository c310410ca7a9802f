import { describe, expect, it } from 'vitest';
import { byText, naturalKey } from './check-sorting';

describe('text order', () => {
  it('sorts naturally and case-insensitively', () => {
    expect(['check-10', 'Check-2', 'check-1', 'alpha'].sort(byText)).toEqual(['alpha', 'check-1', 'Check-2', 'check-10']);
    expect(naturalKey('A7')).toBe('a000000000007');
  });
});
