import { describe, expect, it } from 'vitest';
import * as t from './text.js';

describe('string helpers (gomplate semantics)', () => {
  it('converts case', () => {
    expect(t.camelCase('hello beautiful world!')).toBe('HelloBeautifulWorld');
    expect(t.kebabCase('HelloWorld')).toBe('hello-world');
    expect(t.snakeCase('Hello Beautiful World!')).toBe('hello_beautiful_world');
    expect(t.slug('Héllo, World!')).toBe('hello-world');
    expect(t.titleCase("hello world it's")).toBe("Hello World It's");
  });

  it('quotes', () => {
    expect(t.goQuote('a"b\n\x1b')).toBe('"a\\"b\\n\\x1b"');
    expect(t.squote("it's")).toBe("'it''s'");
    expect(t.shellQuote("it's")).toBe(`'it'"'"'s'`);
  });

  it('abbreviates and indents', () => {
    expect(t.abbrev('Now is the time for all good men', 20, 5)).toBe('...s the time for...');
    expect(t.abbrev('KubernetesPod', 6)).toBe('Kub...');
    expect(() => t.abbrev('abcdef', 3)).toThrow('minimum width is 4');
    expect(t.indent('a\n\nb', 2, '-')).toBe('--a\n\n--b');
  });

  it('splits, replaces and escapes like Go', () => {
    expect(t.splitN('a b c', ' ', 2)).toEqual(['a', 'b c']);
    expect(t.splitN('abc', '')).toEqual(['a', 'b', 'c']);
    expect(t.replaceN('hello hello', 'he', 'we', 1)).toBe('wello hello');
    expect(t.queryEscape('hello world ?')).toBe('hello+world+%3F');
    expect(t.queryUnescape('hello+world+%3F')).toBe('hello world ?');
    expect(() => t.repeatGuarded('ab', 1e7)).toThrow('repeat result longer than 1000000 characters');
  });
});
