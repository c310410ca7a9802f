import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../index.js';

describe('CEL list, map and set functions', () => {
  it.each<[string, unknown]>([
    ["['a', 'b', 'c', 'd'].slice(1, 3)", ['b', 'c']],
    ["['a', 'b'].contains('b')", true],
    ['[1, 2].contains(3)', false],
    ['[{"a": 1}].contains({"a": 1})', true],
    ['[3, 1, 2].sort()', [1, 2, 3]],
    ["['c', 'a', 'b'].sort()", ['a', 'b', 'c']],
    ['[1, 2, 2, 3, 3, 3].distinct()', [1, 2, 3]],
    ['[1, 1, 2].uniq()', [1, 2]],
    ['[1, [2, [3, 4]]].flatten()', [1, 2, 3, 4]],
    ['[1, [2, [3, 4]]].flatten(1)', [1, 2, [3, 4]]],
    ['[1, 2, 3].reverse()', [3, 2, 1]],
    ['[1, 2, 3].first()', 1],
    ['[1, 2, 3].last()', 3],
    ['[1, 2, 3].sum()', 6],
    ['[1, 2.5].sum()', 3.5],
    ['range(3)', [0, 1, 2]],
    ['range(2, 5)', [2, 3, 4]],
    ['range(0, 10, 3)', [0, 3, 6, 9]],
    ['{"first": "John", "last": "Doe"}.keys()', ['first', 'last']],
    ['{"a": 1, "b": 2}.values()', [1, 2]],
    ['{"first": "John"}.merge({"last": "Doe"})', { first: 'John', last: 'Doe' }],
    ['{"first": "John", "last": "Doe"}.omit(["first"])', { last: 'Doe' }],
    ['{"first": "John", "last": "Doe"}.pick(["first"])', { first: 'John' }],
    ['{"c": "d", "a": "b"}.mapToKeyVal()', 'a=b,c=d'],
    ["keyValToMap('env=prod, region=us-east-1')", { env: 'prod', region: 'us-east-1' }],
    ['sets.contains([1, 2, 3, 4], [2, 3])', true],
    ['sets.contains([], [1])', false],
    ['sets.equivalent([1, 2, 3], [3, 2.0, 1])', true],
    ['sets.intersects([1], [1, 2])', true],
    ["'Authorization' in {'Authorization': 'x'}.keys()", true],
    ['[1, 2, 3].map(x, x > 1, x * 10)', [20, 30]],
    ['[1, 2, 3].exists_one(x, x == 2)', true],
  ])('%s', (expr, want) => expect(evaluateCel(expr)).toEqual(want));

  it('refuses sizes that would exhaust memory, and bad slices', () => {
    expect(() => evaluateCel('range(1000000000)')).toThrow('range would create more than 100000 elements');
    expect(() => evaluateCel('[1, 2].slice(1, 5)')).toThrow('cannot slice(1, 5) a list of size 2');
  });
});
