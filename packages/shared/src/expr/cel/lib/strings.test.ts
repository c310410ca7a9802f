import { describe, expect, it } from 'vitest';
import { evaluateCel } from '../index.js';

describe('CEL string functions', () => {
  it.each<[string, unknown]>([
    ["'TacoCat'.lowerAscii()", 'tacocat'],
    ["'hello'.charAt(4)", 'o'],
    ["'hello'.charAt(5)", ''],
    ["'hello hello'.replace('he', 'we')", 'wello wello'],
    ["'hello hello'.replace('he', 'we', 1)", 'wello hello'],
    ["'I have an apple'.replaceAll('apple', 'orange')", 'I have an orange'],
    ["'gums'.reverse()", 'smug'],
    ["'ab'.repeat(3)", 'ababab'],
    ["'hello world'.trimPrefix('hello ')", 'world'],
    ["'hello world'.trimSuffix(' world')", 'hello'],
    ["'hello world'.title()", 'Hello World'],
    ["'hello world'.camelCase()", 'HelloWorld'],
    ["'HelloWorld'.kebabCase()", 'hello-world'],
    ["'Hello World'.snakeCase()", 'hello_world'],
    ["'Hello, World!'.slug()", 'hello-world'],
    ["'Hello World'.squote()", "'Hello World'"],
    ["'Hello$World'.shellQuote()", "'Hello$World'"],
    ["'Hello World'.runeCount()", 11],
    ["'hello'.sort()", 'ehllo'],
    ["'KubernetesPod'.abbrev(6)", 'Kub...'],
    ["'hello world'.indent(4, '-')", '----hello world'],
    ["'string: %s, int: %d'.format(['str', 42])", 'string: str, int: 42'],
    ['strings.quote(\'a "q"\')', '"a \\"q\\""'],
    ["urlencode('hello world ?')", 'hello+world+%3F'],
    ["urldecode('hello+world+%3F')", 'hello world ?'],
    ['HumanSize(1048576)', '1M'],
    ['HumanSize(1536)', '1.5K'],
    ['HumanSize(0)', '0B'],
    ["SemverCompare('1.2.3', '1.2.3')", true],
    ["SemverCompare('>= 1.2', '1.10.0')", true],
    ["SemverCompare('1.2.3', '1.2.4')", false],
    ["'apple'.matches('^a.*e$')", true],
    ["'a,b'.split(',')", ['a', 'b']],
    ["['hello', 'mellow'].join('-')", 'hello-mellow'],
  ])('%s', (expr, want) => expect(evaluateCel(expr)).toEqual(want));

  it('reports bad arguments with the call position', () => {
    expect(() => evaluateCel("'abc'.charAt(9)")).toThrow('cel: 1:1: index out of range: 9');
    expect(() => evaluateCel("'a'.repeat(10000000)")).toThrow('repeat result longer than 1000000 characters');
  });
});
