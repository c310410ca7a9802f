import { JSONPath } from 'jsonpath-plus';
import { describe, expect, it } from 'vitest';
import { toJqValue } from '../jq/values.js';
import { DELETE, jsonPathFirst, normalizeJsonPath, queryJsonPath, updateJsonPath, validateJsonPath } from './index.js';

const data = {
  aws: [{ region: 'eu-west-1', made_at: '2017-03-06T21:04:11Z' }],
  metadata: { name: 'x', ownerReferences: [{ kind: 'ReplicaSet' }] },
  spec: { connection: { password: { value: 'p' }, token: { value: 't' }, url: 'u' } },
};

describe('JSONPath', () => {
  it('reads config-db paths, including the short forms', () => {
    expect(jsonPathFirst('$.aws[0].region', data)).toBe('eu-west-1');
    expect(jsonPathFirst('.metadata.name', data)).toBe('x');
    expect(jsonPathFirst('metadata.name', data)).toBe('x');
    expect(queryJsonPath("$..['password','bearer','token'].value", data)).toEqual(['p', 't']);
    expect(queryJsonPath('$.list[?(@.a > 1)].a', { list: [{ a: 1 }, { a: 2 }] })).toEqual([2]);
    expect(queryJsonPath('$.missing', data)).toEqual([]);
    expect(normalizeJsonPath('$..[\'a\', "b"].c')).toBe('$..[a,b].c');
  });

  it('reads our value kinds as JSON', () => {
    expect(jsonPathFirst('$.n', { n: 5n })).toBe(5);
    expect(jsonPathFirst('$.t', { t: new Date('2023-01-01T00:00:00Z') })).toBe('2023-01-01T00:00:00Z');
  });

  it('answers dotted paths as jsonpath-plus does on the converted document', () => {
    const doc = {
      a: { b: [1, 2], n: null, u: undefined, t: new Date('2023-01-01T00:00:00Z'), big: 7n, s: 'abc' },
      m: new Map([['k', { v: 1 }]]),
    };
    const paths = [
      '$.a.b',
      '$.a.b.length',
      '$.a.n',
      '$.a.n.x',
      '$.a.u',
      '$.a.t',
      '$.a.big',
      '$.a.s.length',
      '$.m.k.v',
      '$.a.toString',
      '$.x.y',
    ];
    for (const path of paths) {
      const expected = JSONPath({ path, json: toJqValue(doc) as object, wrap: true, eval: 'safe' }) as unknown[];
      expect(queryJsonPath(path, doc), path).toEqual(expected);
    }
  });

  it('reads plain documents in place and converts only what needs it', () => {
    const items = [{ id: 1 }, { id: 2 }];
    expect(queryJsonPath('$.items[*]', { items })[1]).toBe(items[1]);
    const dated = { items: [{ at: new Date('2023-01-01T00:00:00Z') }] };
    expect(queryJsonPath('$.items[*]', dated)).toEqual([{ at: '2023-01-01T00:00:00Z' }]);
  });

  it('masks and excludes on a copy', () => {
    const masked = updateJsonPath(data, "$..['password','token'].value", () => '***') as typeof data;
    expect(masked.spec.connection).toEqual({ password: { value: '***' }, token: { value: '***' }, url: 'u' });
    expect(data.spec.connection.password.value).toBe('p');
    const excluded = updateJsonPath(data, '.metadata.ownerReferences', () => DELETE) as typeof data;
    expect(excluded.metadata).toEqual({ name: 'x' });
    expect(updateJsonPath([1, 2, 3], '$[1]', () => DELETE)).toEqual([1, 3]);
  });

  it('rejects malformed paths with a clear error and never runs code', () => {
    expect(() => validateJsonPath('$.a[0')).toThrow('jsonpath: unbalanced brackets in "$.a[0"');
    expect(() => validateJsonPath("$.a['b]")).toThrow('jsonpath: unterminated quote');
    expect(() => validateJsonPath('')).toThrow('jsonpath: empty path');
    expect(() => validateJsonPath('$.a.')).toThrow("jsonpath: path ends with or repeats '.'");
  });

  it('refuses filter scripts that call anything but the safe string methods, before they run', () => {
    const doc = { items: [{ name: `${'a'.repeat(29)}!` }, { name: 'web-1' }] };
    const started = Date.now();
    expect(() => queryJsonPath('$.items[?(@.name.match(/^(a+)+$/))]', doc)).toThrow('filter calls "match"');
    expect(() => queryJsonPath("$.items[?(@.name['match'](/^(a+)+$/))]", doc)).toThrow('filter calls');
    expect(() => queryJsonPath("$.items[?(@.name.repeat(1e9) == 'x')]", doc)).toThrow('filter calls "repeat"');
    expect(Date.now() - started).toBeLessThan(50);
    expect(queryJsonPath("$.items[?(@.name.startsWith('web') && (@.name.length > 2))].name", doc)).toEqual(['web-1']);
    expect(queryJsonPath("$.items[?(@.name == 'web-1(x)')].name", doc)).toEqual([]);
    expect(queryJsonPath('$.items[(@.length-1)].name', doc)).toEqual(['web-1']);
    expect(queryJsonPath('$.constructor', {})).toEqual([]);
    expect(() => queryJsonPath("$[?(@.constructor.constructor('return process')())]", [{ a: 1 }])).toThrow(/^jsonpath: /);
  });
});
