import { describe, expect, it } from 'vitest';
import { compileJq, jq, runJq } from './index.js';

const pod = {
  status: {
    containerStatuses: [{ state: { waiting: { message: 'back-off 5m0s' } } }],
    conditions: [
      { type: 'Healthy', message: 'Health check passed' },
      { type: 'Ready', message: 'x' },
    ],
  },
};

describe('jq', () => {
  it('runs the fixture filters', () => {
    expect(jq('.status.containerStatuses[0].state.waiting.message', pod)).toBe('back-off 5m0s');
    expect(jq('.status.conditions[]? | select(.type == "Healthy").message', pod)).toBe('Health check passed');
  });

  it('returns one result as is and several (or none) as a list, like gomplate', () => {
    expect(jq('.[] | .a', [{ a: 1 }, { a: 2 }])).toEqual([1, 2]);
    expect(jq('.[] | select(.a > 5)', [{ a: 1 }])).toEqual([]);
    expect(jq('.a', '{"a": 1}')).toBe(1);
    expect(runJq('.a, .b', { a: 1, b: 2 })).toEqual([1, 2]);
  });

  it.each<[string, unknown, unknown]>([
    ['{name, age}', { name: 'John', age: 30, city: 'NY' }, { name: 'John', age: 30 }],
    ['[.[] | . * 2]', [1, 2, 3], [2, 4, 6]],
    ['.a |= . + 1', { a: 1 }, { a: 2 }],
    ['.a.b = 5', {}, { a: { b: 5 } }],
    ['.a += 1', { a: 1 }, { a: 2 }],
    ['del(.a)', { a: 1, b: 2 }, { b: 2 }],
    ['del(.[] | select(. == 2))', [1, 2, 3], [1, 3]],
    ['to_entries | map("\\(.key)=\\(.value)") | join(",")', { a: 1, b: 'x' }, 'a=1,b=x'],
    ['with_entries(.value += 1)', { a: 1 }, { a: 2 }],
    ['if . > 2 then "big" elif . > 1 then "mid" else "small" end', 2, 'mid'],
    ['reduce .[] as $x (0; . + $x)', [1, 2, 3], 6],
    ['[foreach .[] as $x (0; . + $x)]', [1, 2, 3], [1, 3, 6]],
    ['. as $v | [$v, $v]', 1, [1, 1]],
    ['[paths]', { a: { b: 1 } }, [['a'], ['a', 'b']]],
    ['[.. | numbers]', { a: [1, { b: 2 }] }, [1, 2]],
    ['@csv', [1, 'a"b'], '1,"a""b"'],
    ['@base64', 'hi', 'aGk='],
    ['@base64d', 'aGk=', 'hi'],
    ['@sh "echo \\(.)"', "it's", "echo 'it'\\''s'"],
    ['.x // "d"', {}, 'd'],
    ['[range(3)]', null, [0, 1, 2]],
    ['map(select(.a)) | length', [{ a: 1 }, {}], 1],
    ['gsub("-"; "_")', 'a-b-c', 'a_b_c'],
    ['sub("(?<x>[0-9]+)"; "<\\(.x)>")', 'ab12cd', 'ab<12>cd'],
    ['test("^a.c$")', 'abc', true],
    ['sort_by(.n) | map(.n)', [{ n: 3 }, { n: 1 }], [1, 3]],
    ['group_by(.t) | map(length)', [{ t: 'a' }, { t: 'b' }, { t: 'a' }], [2, 1]],
    ['unique', [3, 1, 3], [1, 3]],
    ['[.[] | tostring]', [1, 'a', null], ['1', 'a', 'null']],
    ['keys', { b: 1, a: 2 }, ['a', 'b']],
    ['has("a")', { a: null }, true],
    ['.[1:3]', [0, 1, 2, 3], [1, 2]],
    ['.[-1]', [1, 2], 2],
    ['try error("x") catch .', null, 'x'],
    ['[.[] | .a?]', [1, { a: 2 }], [2]],
    ['ascii_downcase | ltrimstr("a")', 'ABC', 'bc'],
    ['split(",") | map(tonumber) | add', '1,2,3', 6],
    ['flatten', [1, [2, [3]]], [1, 2, 3]],
    ['contains({a: [1]})', { a: [1, 2], b: 3 }, true],
    ['getpath(["a", "b"])', { a: { b: 7 } }, 7],
    ['[limit(2; .[])]', [1, 2, 3], [1, 2]],
    ['first(.[]), last(.[])', [1, 2, 3], [1, 3]],
    ['min_by(.n).n', [{ n: 2 }, { n: 1 }], 1],
    ['tojson | fromjson', { a: [1] }, { a: [1] }],
    ['"\\(1 + 2) items"', null, '3 items'],
    ['.a as $x | {($x): 1}', { a: 'k' }, { k: 1 }],
    ['[true, false, null, (true and null), (false or true)]', null, [true, false, null, false, true]],
  ])('%s', (src, input, want) => expect(jq(src, input)).toEqual(want));

  it('reports errors with positions and jq wording', () => {
    expect(() => compileJq('.a |')).toThrow('jq: 1:5: syntax error: unexpected end of input');
    expect(() => compileJq('foo(1)')).toThrow('jq: 1:1: foo/1 is not defined');
    expect(() => compileJq('def f: .; f')).toThrow('function definitions (def) are not supported');
    expect(() => jq('.[]', 3)).toThrow('jq: Cannot iterate over number (3)');
    expect(() => jq('.a', [1])).toThrow('jq: Cannot index array with "a"');
    expect(() => jq('{} + 1', null)).toThrow('object ({}) and number (1) cannot be added');
    expect(() => jq('"\\q"', null)).toThrow('invalid escape');
  });

  it('stops runaway programs with the step budget', () => {
    expect(() => jq('[range(100000000)]', null)).toThrow(/step budget/);
    expect(() => jq('[range(10)]', null, { budget: 5 })).toThrow('jq: evaluation exceeded the step budget of 5 steps');
    expect(() => jq('until(false; .)', 1)).toThrow(/step budget/);
  });

  it('binds $variables passed in', () => {
    expect(jq('.[] | select(. == $want)', [1, 2], { vars: { want: 2 } })).toBe(2);
  });
});
