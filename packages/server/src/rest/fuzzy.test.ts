import { describe, expect, it } from 'vitest';
import { closest, editDistance, similarity } from './fuzzy.js';

describe('fuzzy hints', () => {
  it('finds typos and similar names, and nothing for unrelated ones', () => {
    expect(editDistance('nme', 'name')).toBe(1);
    expect(similarity('people', 'people')).toBe(1);
    expect(closest('nme', ['id', 'name', 'email'], 0.6)).toBe('name');
    expect(closest('peple', ['people', 'teams'], 0.6)).toBe('people');
    expect(closest('zzz', ['people', 'teams'], 0.6)).toBeUndefined();
    expect(closest('people', ['people'])).toBeUndefined();
  });
});
