import { describe, expect, it } from 'vitest';
import { compiled } from '../../../test/compile-sql.js';
import { keyValueMap, listConditions, parseListFilter } from './list-filter.js';


describe('parseListFilter', () => {
  it('splits includes and excludes written with ! or the tri-state suffix', () => {
    expect(parseListFilter('a, !b,c:-1,d:1,e:0,all,')).toEqual({ include: ['a', 'd'], exclude: ['b', 'c'] });
  });

  it('maps values (config types written with __)', () => {
    expect(parseListFilter('Kubernetes__Pod', (v) => v.replace('__', '::')).include).toEqual(['Kubernetes::Pod']);
  });

  it('gives NULL-safe conditions', () => {
    const q = compiled(listConditions('c.status', { include: ['x'], exclude: ['y'] }));
    expect(q.sql).toBe('c.status = ANY($1::text[]) AND (c.status IS NULL OR NOT c.status = ANY($2::text[]))');
    expect(q.parameters).toEqual([['x'], ['y']]);
  });
});

describe('keyValueMap', () => {
  it('reads key__:__value lists and maps', () => {
    expect(keyValueMap('app__:__web,env__:__prod', '__:__', 'labels')).toEqual({ app: 'web', env: 'prod' });
    expect(keyValueMap({ a: 'b' }, '__:__', 'labels')).toEqual({ a: 'b' });
  });

  it('refuses an entry without a value, naming the field', () => {
    expect(() => keyValueMap('oops', '__:__', 'labels')).toThrow(/labels: 'oops'/);
  });
});
