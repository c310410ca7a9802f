import { describe, expect, it } from 'vitest';
import type { PgrstError } from '../errors.js';
import { parseFilterExpr, parseLogicTree } from './filter.js';
import { hasOperator } from './operator.js';

const err = (f: () => unknown): PgrstError => {
  try {
    f();
  } catch (e) {
    return e as PgrstError;
  }
  throw new Error('did not fail');
};

describe('parseFilterExpr', () => {
  it('parses every simple operator with the rest of the value', () => {
    for (const op of [
      'eq',
      'neq',
      'gt',
      'gte',
      'lt',
      'lte',
      'like',
      'ilike',
      'match',
      'imatch',
      'cs',
      'cd',
      'ov',
      'sl',
      'sr',
      'nxr',
      'nxl',
      'adj',
      'isdistinct',
    ]) {
      expect(parseFilterExpr(`${op}.a.b,c)`)).toEqual({
        negate: false,
        operation: { kind: 'op', op, value: 'a.b,c)', quantifier: undefined },
      });
    }
    expect(parseFilterExpr('eq.')).toMatchObject({ operation: { value: '' } });
  });

  it('parses not., in lists with quotes, is values, fts with language and any/all', () => {
    expect(parseFilterExpr('not.eq.1')).toEqual({ negate: true, operation: { kind: 'op', op: 'eq', value: '1', quantifier: undefined } });
    expect(parseFilterExpr('in.(1,"a,b", c ,"q\\"x")')).toEqual({
      negate: false,
      operation: { kind: 'in', values: ['1', 'a,b', ' c ', 'q"x'] },
    });
    expect(parseFilterExpr('not.in.()')).toEqual({ negate: true, operation: { kind: 'in', values: [] } });
    expect(parseFilterExpr('is.NULL')).toEqual({ negate: false, operation: { kind: 'is', value: 'null' } });
    for (const v of ['true', 'false', 'unknown'])
      expect(parseFilterExpr(`not.is.${v}`)).toMatchObject({ negate: true, operation: { value: v } });
    expect(parseFilterExpr('fts(english).cat & dog')).toEqual({
      negate: false,
      operation: { kind: 'fts', op: 'fts', language: 'english', value: 'cat & dog' },
    });
    for (const op of ['plfts', 'phfts', 'wfts'])
      expect(parseFilterExpr(`${op}.x`)).toMatchObject({ operation: { kind: 'fts', op, language: undefined } });
    expect(parseFilterExpr('like(any).{a*,b*}')).toMatchObject({ operation: { op: 'like', quantifier: 'any', value: '{a*,b*}' } });
    expect(parseFilterExpr('gt(all).{1,2}')).toMatchObject({ operation: { quantifier: 'all' } });
  });

  it('rejects unknown operators and malformed values', () => {
    const e = err(() => parseFilterExpr('noop.1'));
    expect(e.code).toBe('PGRST100');
    expect(e.message).toBe('"failed to parse filter (noop.1)" (line 1, column 1)');
    expect(e.details).toBe('unknown single value operator noop');
    expect(err(() => parseFilterExpr('eq')).code).toBe('PGRST100');
    expect(err(() => parseFilterExpr('is.maybe')).details).toContain('null or trilean value');
    expect(err(() => parseFilterExpr('in.1,2')).code).toBe('PGRST100');
    expect(err(() => parseFilterExpr('in.(1,2')).code).toBe('PGRST100');
    expect(err(() => parseFilterExpr('is.null.x')).code).toBe('PGRST100');
    expect(err(() => parseFilterExpr('cs(any).{1}')).details).toContain('unknown modifier');
    expect(err(() => parseFilterExpr('fts().x')).code).toBe('PGRST100');
  });
});

describe('parseLogicTree', () => {
  it('parses nested and/or/not with values up to , or )', () => {
    expect(parseLogicTree('or', '(a.eq.1,and(b.gt.2,c.is.null),not.or(d.like.*x*,e.in.(1,2)))')).toEqual({
      kind: 'logic',
      op: 'or',
      negate: false,
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'a', json: [] },
            expr: { negate: false, operation: { kind: 'op', op: 'eq', value: '1', quantifier: undefined } },
          },
        },
        {
          kind: 'logic',
          op: 'and',
          negate: false,
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'b', json: [] },
                expr: { negate: false, operation: { kind: 'op', op: 'gt', value: '2', quantifier: undefined } },
              },
            },
            {
              kind: 'filter',
              filter: { field: { name: 'c', json: [] }, expr: { negate: false, operation: { kind: 'is', value: 'null' } } },
            },
          ],
        },
        {
          kind: 'logic',
          op: 'or',
          negate: true,
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'd', json: [] },
                expr: { negate: false, operation: { kind: 'op', op: 'like', value: '*x*', quantifier: undefined } },
              },
            },
            {
              kind: 'filter',
              filter: { field: { name: 'e', json: [] }, expr: { negate: false, operation: { kind: 'in', values: ['1', '2'] } } },
            },
          ],
        },
      ],
    });
  });

  it('handles quoted values, array literals, JSON paths and not. at the root', () => {
    const t = parseLogicTree('not.and', '(name.eq."a,b)",tags.cs.{x,y},data->>k.eq.v)');
    expect(t).toMatchObject({ op: 'and', negate: true });
    const kids = (t as { children: { filter: { field: unknown; expr: { operation: { value: string } } } }[] }).children;
    expect(kids.map((k) => k.filter.expr.operation.value)).toEqual(['a,b)', '{x,y}', 'v']);
    expect(kids[2]!.filter.field).toEqual({ name: 'data', json: [{ arrow: '->>', key: 'k', index: false }] });
  });

  it('reports the furthest error', () => {
    expect(err(() => parseLogicTree('or', '()')).code).toBe('PGRST100');
    expect(err(() => parseLogicTree('or', '(a.eq.1')).code).toBe('PGRST100');
    expect(err(() => parseLogicTree('or', '(a.nope.1)')).details).toBe('unknown single value operator nope');
    expect(err(() => parseLogicTree('or', '(a.eq.1,xor(b.eq.1))')).code).toBe('PGRST100');
    expect(err(() => parseLogicTree('or', 'a.eq.1')).message).toContain('failed to parse logic tree');
    const deep = '(' + 'and('.repeat(20) + 'a.eq.1' + ')'.repeat(21);
    expect(err(() => parseLogicTree('or', deep)).details).toContain('limited');
  });
});

describe('hasOperator', () => {
  it('tells filters from RPC arguments like PostgREST', () => {
    for (const v of ['eq.1', 'not.eq.1', 'in.(1)', 'is.null', 'fts(english).x', 'plfts.x', 'like(any).{a}', 'not.x'])
      expect(hasOperator(v), v).toBe(true);
    for (const v of ['1', 'abc', 'foo.bar', '', 'eq']) expect(hasOperator(v), v).toBe(false);
  });
});
