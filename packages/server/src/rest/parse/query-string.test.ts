import { describe, expect, it } from 'vitest';
import type { PgrstError } from '../errors.js';
import { negotiate } from './accept.js';
import { decodeComponent } from './decode.js';
import { parsePrefer, preferenceApplied } from './prefer.js';
import { parseQuery } from './query-string.js';
import { combineRange, parseRangeHeader } from './range.js';

const err = (f: () => unknown): PgrstError => {
  try {
    f();
  } catch (e) {
    return e as PgrstError;
  }
  throw new Error('did not fail');
};

describe('parseQuery', () => {
  it('classifies reserved keys, filters, embedded filters, logic, order and ranges', () => {
    const q = parseQuery(
      'select=id,owner(name)&id=gt.1&id=lt.9&owner.name=eq.x&or=(a.eq.1,b.eq.2)&owner.not.and=(c.eq.1,d.eq.2)&order=id.desc&owner.order=name&limit=5&offset=10&owner.limit=1&columns=a,b&on_conflict=id&flag&foo=bar',
    );
    expect(q.select).toHaveLength(2);
    expect(q.filters.map((f) => [f.path, f.filter.field.name])).toEqual([
      [[], 'id'],
      [[], 'id'],
      [['owner'], 'name'],
    ]);
    expect(q.logic.map((l) => [l.path, l.tree.kind === 'logic' && l.tree.negate])).toEqual([
      [[], false],
      [['owner'], true],
    ]);
    expect(q.order.map((o) => o.path)).toEqual([[], ['owner']]);
    expect(q.ranges.get('')).toEqual({ offset: 10, limit: 5 });
    expect(q.ranges.get('owner')).toEqual({ offset: 0, limit: 1 });
    expect(q.columns).toEqual(['a', 'b']);
    expect(q.onConflict).toEqual(['id']);
    expect(q.params).toEqual([['foo', 'bar']]);
  });

  it('decodes percent-encoding and +, and keeps RPC arguments apart from filters', () => {
    const q = parseQuery('name=eq.a%20b+c&x=eq.1', { rpcArgs: new Set(['x']) });
    expect(q.filters[0]!.filter.expr.operation).toMatchObject({ value: 'a b c' });
    expect(q.params).toEqual([['x', 'eq.1']]);
    expect(decodeComponent('%E2%9C%93')).toBe('✓');
    expect(decodeComponent('%zz%')).toBe('%zz%');
    expect(decodeComponent('%ff')).toBe('\ufffd');
  });

  it('rejects bad limits and paths', () => {
    expect(err(() => parseQuery('limit=abc')).code).toBe('PGRST100');
    const neg = err(() => parseQuery('limit=-1'));
    expect([neg.status, neg.code, neg.details]).toEqual([416, 'PGRST103', 'Limit should be greater than or equal to zero.']);
    expect(err(() => parseQuery('a..b=eq.1')).code).toBe('PGRST100');
    expect(err(() => parseQuery('columns=a,,b')).code).toBe('PGRST100');
  });
});

describe('headers', () => {
  it('parses Prefer like PostgREST: first wins, unknown ignored unless strict', () => {
    const p = parsePrefer('return=representation, count=exact,resolution=merge-duplicates, missing=default, count=planned, foo');
    expect(p).toMatchObject({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      invalid: ['foo'],
    });
    expect(preferenceApplied(p, ['resolution', 'return', 'count'])).toBe('resolution=merge-duplicates, return=representation, count=exact');
    const e = err(() => parsePrefer('handling=strict, nope'));
    expect([e.status, e.code, e.details]).toEqual([400, 'PGRST122', 'Invalid preferences: nope']);
    expect(parsePrefer('max-affected=5, handling=strict').maxAffected).toBe(5);
  });

  it('parses Range and combines it with limit/offset', () => {
    expect(parseRangeHeader('0-24', 'items')).toEqual({ lower: 0, upper: 24 });
    expect(parseRangeHeader('5-', undefined)).toEqual({ lower: 5, upper: Infinity });
    expect(parseRangeHeader('junk', undefined)).toBeUndefined();
    expect(err(() => parseRangeHeader('9-2', undefined)).status).toBe(416);
    expect(combineRange({ offset: 0, limit: 50 }, { lower: 10, upper: 19 })).toEqual({ offset: 10, limit: 10 });
    expect(combineRange({ offset: 5 }, undefined)).toEqual({ offset: 5 });
    expect(combineRange({ offset: 0, limit: 0 }, undefined)).toEqual({ offset: 0, limit: 0 });
  });

  it('negotiates Accept', () => {
    expect(negotiate(undefined)).toBe('json');
    expect(negotiate('text/html, */*;q=0.8')).toBe('json');
    expect(negotiate('application/vnd.pgrst.object+json')).toBe('object');
    expect(negotiate('text/csv;q=0.9, application/json;q=0.5')).toBe('csv');
    const e = err(() => negotiate('text/html'));
    expect([e.status, e.code, e.message]).toEqual([406, 'PGRST107', 'None of these media types are available: text/html']);
  });
});
