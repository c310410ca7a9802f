import { it, expect } from 'vitest';
import { queryJsonPath, updateJsonPath, DELETE, jsonPathFirst } from '../jsonpath/index.js';
it('jp', () => {
  const d = { aws: [{ region: 'eu-west-1' }], metadata: { ownerReferences: [1], name: 'x' }, spec: { connection: { password: { value: 'p' }, token: { value: 't' }, url: 'u' } } };
  expect(jsonPathFirst('$.aws[0].region', d)).toBe('eu-west-1');
  expect(jsonPathFirst('.metadata.name', d)).toBe('x');
  expect(queryJsonPath("$..['password','bearer','token'].value", d)).toEqual(['p', 't']);
  expect(updateJsonPath(d, '.metadata.ownerReferences', () => DELETE)).toEqual({ ...d, metadata: { name: 'x' } });
  expect(updateJsonPath(d, "$..['password','token'].value", () => '***')).toMatchObject({ spec: { connection: { password: { value: '***' }, token: { value: '***' } } } });
  expect(d.spec.connection.password.value).toBe('p');
  expect(queryJsonPath('$.list[?(@.a > 1)].a', { list: [{ a: 1 }, { a: 2 }] })).toEqual([2]);
  expect(() => queryJsonPath('$.a[0', {})).toThrow(/jsonpath: unbalanced/);
  expect(queryJsonPath('$.constructor', {})).toEqual([]);
  expect(queryJsonPath("$[?(@.constructor.constructor('return 1')())]", [{ a: 1 }])).toEqual([]);
});
