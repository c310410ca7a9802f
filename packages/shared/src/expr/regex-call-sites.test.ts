// Every place a user's pattern reaches a regex engine runs on RE2: the catastrophic inputs that froze
// the server on JavaScript's RegExp return within 50 ms, and RE2's refusals name the construct.
import { describe, expect, it } from 'vitest';
import { CelEnvironment, celRegexLiteralProblem, evaluateCel, validateCel } from './cel/index.js';
import { jq } from './jq/index.js';
import { renderTemplate } from './template/index.js';
import { matchLabel, matchQuery } from './util/match-query.js';

const EVIL = 'a'.repeat(29) + '!';
const XS = 'x'.repeat(5000);

/** Runs once to compile and warm up, then fails when the second run takes 50 ms or more. */
function fast<T>(run: () => T): T {
  run();
  const t = performance.now();
  const out = run();
  expect(performance.now() - t).toBeLessThan(50);
  return out;
}

describe('CEL matches', () => {
  it('runs catastrophic patterns in linear time, in both forms', () => {
    expect(fast(() => evaluateCel("s.matches('^(a+)+$')", { s: EVIL }))).toBe(false);
    expect(fast(() => evaluateCel("matches(s, '(x+x+)+y')", { s: XS }))).toBe(false);
    expect(fast(() => new CelEnvironment().evaluate('s.matches(p)', { s: EVIL, p: '^(a+)+$' }))).toBe(false);
  });

  it('keeps RE2 semantics: inline flags, named groups, unanchored', () => {
    expect(evaluateCel("'ABC'.matches('(?i)^abc$')")).toBe(true);
    expect(evaluateCel("'x-2024'.matches('(?P<y>\\\\d{4})')")).toBe(true);
    expect(evaluateCel("'hello'.matches('ell')")).toBe(true);
  });

  it('refuses a literal pattern RE2 cannot run when compiling, naming the construct and position', () => {
    const err = validateCel("s.matches('(?<=x)y')");
    expect(err?.message).toBe(
      'cel: 1:11: invalid regular expression "(?<=x)y": lookbehind (?<=…) is not supported (patterns use RE2 syntax, which runs in linear time)',
    );
    expect(celRegexLiteralProblem("a == 1 && matches(s, '(a)\\\\1')")?.reason).toContain('backreference \\1 is not supported');
    expect(celRegexLiteralProblem("s.matches('a+')")).toBeUndefined();
    expect(celRegexLiteralProblem('not cel (')).toBeUndefined();
  });

  it('fails at run time naming the construct when the pattern is not a literal', () => {
    expect(() => evaluateCel('s.matches(p)', { s: 'y', p: 'a(?=b)' })).toThrow(/lookahead \(\?=…\) is not supported/);
  });
});

describe('template regexp functions', () => {
  it('runs catastrophic patterns in linear time', () => {
    expect(fast(() => renderTemplate('{{ regexp.Match "^(a+)+$" .s }}', { s: EVIL }))).toBe('false');
    expect(fast(() => renderTemplate('{{ regexp.FindAll "(x+x+)+y" .s | len }}', { s: XS }))).toBe('0');
    expect(fast(() => renderTemplate('{{ regexp.Replace "(x+x+)+y" "z" .s | len }}', { s: XS }))).toBe('5000');
  });

  it('keeps Go semantics for named groups and replacements', () => {
    expect(renderTemplate('{{ regexp.Replace "(?P<u>\\\\w+)@(\\\\w+)" "${2}/$u" "me@host" }}', {})).toBe('host/me');
    expect(renderTemplate('{{ regexp.Find "(?i)B+" "aBbc" }}', {})).toBe('Bb');
    expect(renderTemplate('{{ regexp.Split "," 2 "a,b,c" }}', {})).toBe('[a b]');
  });

  it('refuses a backreference with its reason', () => {
    expect(() => renderTemplate('{{ regexp.Match "(a)\\\\1" "aa" }}', {})).toThrow(/backreference \\1 is not supported/);
  });
});

describe('jq regex functions', () => {
  it('runs catastrophic patterns in linear time', () => {
    expect(fast(() => jq('test("^(a+)+$")', EVIL))).toBe(false);
    expect(fast(() => jq('gsub("(x+x+)+y"; "z") | length', XS))).toBe(5000);
    expect(fast(() => jq('[splits("(x+x+)+y")] | length', XS))).toBe(1);
  });

  it('keeps flags and named captures', () => {
    expect(jq('test("ABC"; "i")', 'xabcx')).toBe(true);
    expect(jq('sub("(?<n>[0-9]+)"; "<\\(.n)>")', 'a12b3')).toBe('a<12>b3');
    expect(jq('gsub("(?<n>[0-9]+)"; "<\\(.n)>")', 'a12b3')).toBe('a<12>b<3>');
  });

  it('refuses a lookahead with its reason', () => {
    expect(() => jq('test("a(?=b)")', 'ab')).toThrow(/"a\(\?=b\)" is not a valid regex: lookahead \(\?=…\) is not supported/);
  });
});

describe('match-query globs', () => {
  it('match star-heavy globs in linear time', () => {
    const glob = `${'a*'.repeat(14)}b`;
    expect(fast(() => matchQuery({ name: 'a'.repeat(200) }, `name=${glob}`))).toBe(false);
    expect(fast(() => matchLabel({ app: 'a'.repeat(200) }, 'app', glob))).toBe(false);
    expect(matchLabel({ app: 'web-1' }, 'app', 'web-*')).toBe(true);
  });
});
