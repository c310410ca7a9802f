import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restoreNames, rewriteCel } from './rewrite.js';

const NS = new Set(['time.Now', 'db.users']);

describe('rewriteCel', () => {
  it.each([
    ['matchQuery(.check, "x")', 'matchQuery( check, "x")'],
    ['.a.b', ' a.b'],
    ['x.y', 'x.y'],
    ['f(x).y + (a).b', 'f(x).y + (a).b'],
    ['time.Now() - t', 'time_Now() - t'],
    ['x.time.Now()', 'x.time.Now()'],
    ['db.users(id)[0]', 'db_users(id)[0]'],
    ['other.users(id)', 'other.users(id)'],
    ["duration('1d')", "Duration('1d')"],
    ['x.duration(1)', 'x.duration(1)'],
    ['has(a.b)', 'Has(a.b)'],
    ["type == 'x'", "typ_ == 'x'"],
    ['type(1)', 'type(1)'],
    ['x.type', 'x.type'],
    ['1.5 + .5', '1.5 + .5'],
    ["'a' in .keys", "'a' in  keys"],
  ])('%s', (src, out) => expect(rewriteCel(src, NS)).toBe(out));

  it('leaves string literals and comments alone', () => {
    const src = `"time.Now() .x has(y)" + r'\\.z' + '''type
duration(''' // .check type\n+ b"has("`;
    expect(rewriteCel(src, NS)).toBe(src);
  });

  it('keeps every character position', () => {
    fc.assert(fc.property(fc.string(), (s) => rewriteCel(s, NS).length === s.length));
  });

  it('maps rewritten names back in messages', () => {
    expect(restoreNames("found no matching overload for 'time_Now(int)' on typ_", NS)).toBe(
      "found no matching overload for 'time.Now(int)' on type",
    );
  });
});
