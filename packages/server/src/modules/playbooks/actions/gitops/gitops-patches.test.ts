import { describe, expect, it } from 'vitest';
import { mergePatch } from './gitops-patches.js';

describe('JSON merge patch', () => {
  it('merges objects key by key, deletes on null and replaces everything else (RFC 7386 examples)', () => {
    expect(mergePatch({ a: 'b' }, { a: 'c' })).toEqual({ a: 'c' });
    expect(mergePatch({ a: 'b' }, { b: 'c' })).toEqual({ a: 'b', b: 'c' });
    expect(mergePatch({ a: 'b' }, { a: null })).toEqual({});
    expect(mergePatch({ a: 'b', b: 'c' }, { a: null })).toEqual({ b: 'c' });
    expect(mergePatch({ a: ['b'] }, { a: 'c' })).toEqual({ a: 'c' });
    expect(mergePatch({ a: 'c' }, { a: ['b'] })).toEqual({ a: ['b'] });
    expect(mergePatch({ a: { b: 'c' } }, { a: { b: 'd', c: null } })).toEqual({ a: { b: 'd' } });
    expect(mergePatch({ a: [{ b: 'c' }] }, { a: [1] })).toEqual({ a: [1] });
    expect(mergePatch(['a', 'b'], ['c', 'd'])).toEqual(['c', 'd']);
    expect(mergePatch({ a: 'b' }, ['c'])).toEqual(['c']);
    expect(mergePatch({ a: 'foo' }, null)).toBeNull();
    expect(mergePatch({ e: null }, { a: 1 })).toEqual({ e: null, a: 1 });
    expect(mergePatch([1, 2], { a: 'b', c: null })).toEqual({ a: 'b' });
    expect(mergePatch({}, { a: { bb: { ccc: null } } })).toEqual({ a: { bb: {} } });
  });
});
