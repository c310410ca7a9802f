import { describe, expect, it } from 'vitest';
import { compileRegex, jsFlags, quoteMeta, regexProblem, RegexSyntaxError } from './re2.js';

/** Milliseconds `fn` takes. */
function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

describe('re2: linear time', () => {
  it('runs catastrophic patterns within 50 ms', () => {
    const cases: Array<() => unknown> = [
      () => expect(compileRegex('^(a+)+$').test('a'.repeat(29) + '!')).toBe(false),
      () => expect(compileRegex('(x+x+)+y').test('x'.repeat(5000))).toBe(false),
      () => expect(compileRegex('(x+x+)+y').findAll('x'.repeat(5000))).toEqual([]),
      () => compileRegex('(a|aa)+$').replace('a'.repeat(1000) + '!', 'z'),
    ];
    for (const run of cases) {
      run(); // compiles and warms the JIT: the bound is on matching, not on start-up
      expect(timed(run)).toBeLessThan(50);
    }
  });
});

describe('re2: semantics', () => {
  it('supports Go named groups, (?<name>) and inline flags', () => {
    const m = compileRegex('(?P<year>\\d{4})-(?<month>\\d\\d)').find('on 2024-05 and 2025-11')!;
    expect(m).toMatchObject({ start: 3, end: 10, text: '2024-05', named: { year: '2024', month: '05' } });
    expect(m.groups).toEqual(['2024-05', '2024', '05']);
    expect(compileRegex('(?i)^abc$').test('ABC')).toBe(true);
    expect(compileRegex('^abc$').test('ABC')).toBe(false);
    expect(compileRegex('abc', jsFlags('gi')).test('xABCx')).toBe(true);
    expect(compileRegex('[[:alpha:]]+').find('12ab3')?.text).toBe('ab');
  });

  it('anchors ^ and $ at the ends of the text, per line with (?m)', () => {
    expect(compileRegex('^b').test('a\nb')).toBe(false);
    expect(compileRegex('(?m)^b$').test('a\nb\nc')).toBe(true);
    expect(compileRegex('a$').test('a\n')).toBe(false);
    expect(compileRegex('^x').find('xx', 1)).toBeUndefined();
  });

  it('replaces with $1, $<name>, ${name}-free JS expansion and functions', () => {
    expect(compileRegex('(\\w+)@(\\w+)').replace('me@host you@there', '$2:$1')).toBe('host:me there:you');
    expect(compileRegex('(?P<u>\\w+)@').replace('me@host', '<$<u>>')).toBe('<me>host');
    expect(compileRegex('a').replace('aaa', 'b', false)).toBe('baa');
    expect(compileRegex('(?P<n>\\d)').replace('a1b2', (m) => `[${m.named.n}]`)).toBe('a[1]b[2]');
    expect(compileRegex('x*').replace('abc', '-')).toBe('abc'.replace(/x*/g, '-'));
  });

  it('finds all, with a limit', () => {
    expect(
      compileRegex('\\d')
        .findAll('a1b2c3')
        .map((m) => m.text),
    ).toEqual(['1', '2', '3']);
    expect(
      compileRegex('\\d')
        .findAll('a1b2c3', 2)
        .map((m) => m.text),
    ).toEqual(['1', '2']);
  });

  it('splits as String.prototype.split(regexp)', () => {
    for (const [re, js, text] of [
      [',', /,/, 'a,b,,c,'],
      ['\\s*', /\s*/, 'a b  c'],
      ['(-)', /(-)/, 'a-b-c'],
      ['x', /x/, ''],
      ['', /(?:)/, 'abc'],
      ['a*', /a*/, 'baaac'],
    ] as const)
      expect(compileRegex(re).split(text)).toEqual(text.split(js));
    expect(compileRegex(',').split('a,b,c', 2)).toEqual(['a', 'b']);
  });

  it('quotes metacharacters', () => {
    expect(compileRegex(quoteMeta('a.b*(c)')).test('a.b*(c)')).toBe(true);
    expect(compileRegex(quoteMeta('a.b')).test('axb')).toBe(false);
  });
});

describe('re2: refusals', () => {
  it.each([
    ['(a)\\1', 'backreference'],
    ['(?<n>a)\\k<n>', 'named backreference'],
    ['a(?=b)', 'lookahead'],
    ['a(?!b)', 'negative lookahead'],
    ['(?<=x)y', 'lookbehind'],
    ['(?<!x)y', 'negative lookbehind'],
    ['(?>a)', 'atomic group'],
    ['a++', 'possessive quantifier'],
  ])('refuses %s naming the construct', (pattern, construct) => {
    expect(() => compileRegex(pattern)).toThrow(RegexSyntaxError);
    expect(regexProblem(pattern)).toBe(
      `invalid regular expression ${JSON.stringify(pattern)}: ${regexProblem(pattern)!.split(': ').slice(1).join(': ')}`,
    );
    expect(regexProblem(pattern)).toContain(`${construct} `);
    expect(regexProblem(pattern)).toContain('is not supported (patterns use RE2 syntax, which runs in linear time)');
  });

  it('reports plain syntax errors as RE2 words them', () => {
    expect(regexProblem('(')).toBe('invalid regular expression "(": missing closing ): `(`');
    expect(regexProblem('a+')).toBeUndefined();
  });
});
