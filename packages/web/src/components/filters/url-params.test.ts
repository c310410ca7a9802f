import { describe, expect, it } from 'vitest';
import { dropAll, filterValue, patchParams } from './url-params';

describe("'all' dropping", () => {
  it("treats 'all' and empty as no filter", () => {
    expect(filterValue('all')).toBeUndefined();
    expect(filterValue('')).toBeUndefined();
    expect(filterValue(null)).toBeUndefined();
    expect(filterValue('canary')).toBe('canary');
  });

  it("drops 'all' and empty values from a query object", () => {
    expect(dropAll({ resource_type: 'all', name: 'sync', status: '', agent: undefined })).toEqual({ name: 'sync' });
  });
});

describe('patchParams', () => {
  it('sets, replaces and deletes keys without touching others', () => {
    const next = patchParams(new URLSearchParams('a=1&b=2'), { a: '3', b: undefined, c: 'x' });
    expect(next.toString()).toBe('a=3&c=x');
  });

  it('drops a value equal to its default to keep URLs short', () => {
    const next = patchParams(new URLSearchParams('pageSize=100'), { pageSize: '50' }, { pageSize: '50' });
    expect(next.has('pageSize')).toBe(false);
  });

  it("keeps '' when a non-empty default exists (explicit none) but drops it otherwise", () => {
    expect(patchParams(new URLSearchParams(), { status: '' }, { status: 'SUCCESS:-1' }).toString()).toBe('status=');
    expect(patchParams(new URLSearchParams('q=x'), { q: '' }).toString()).toBe('');
  });

  it('does not mutate the input', () => {
    const input = new URLSearchParams('a=1');
    patchParams(input, { a: '2' });
    expect(input.get('a')).toBe('1');
  });
});
