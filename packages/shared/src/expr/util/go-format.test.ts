import { describe, expect, it } from 'vitest';
import { goSprint, goSprintf, goSprintln, goString } from './go-format.js';
import { durationFromMs } from './values.js';

describe('goString (fmt.Sprint of one value)', () => {
  it.each<[unknown, string]>([
    ['s', 's'],
    [42, '42'],
    [1.5, '1.5'],
    [1e21, '1e+21'],
    [1e-7, '1e-07'],
    [true, 'true'],
    [null, '<nil>'],
    [[1, 'a', [2]], '[1 a [2]]'],
    [{ b: 2, a: { c: 1 } }, 'map[a:map[c:1] b:2]'],
    [new Date('2023-01-02T03:04:05Z'), '2023-01-02 03:04:05 +0000 UTC'],
    [durationFromMs(90_000), '1m30s'],
    [10n, '10'],
  ])('case %#', (v, s) => expect(goString(v)).toBe(s));
});

describe('goSprintf', () => {
  it.each<[string, unknown[], string]>([
    ['%s-%d-%.2f-%q-%v', ['a', 3, 1.5, 'x', [1, 2]], 'a-3-1.50-"x"-[1 2]'],
    ['%5d|%-5s|%05.1f', [42, 'ab', 3.14159], '   42|ab   |003.1'],
    ['%x %X %o %b %#x', [255, 255, 8, 5, 255], 'ff FF 10 101 0xff'],
    ['%t %T %T', [true, 'a', [1]], 'true string []interface {}'],
    ['%e %g', [1234.5678, 0.5], '1.234568e+03 0.5'],
    ['%+d % d %c', [5, 5, 65], '+5  5 A'],
    ['100%%', [], '100%'],
    ['%*d', [4, 7], '   7'],
    ['%d', ['x'], '%!d(string=x)'],
    ['%d %d', [1], '1 %!d(MISSING)'],
    ['%d', [1, 2], '1%!(EXTRA int=2)'],
  ])('%s', (f, args, out) => expect(goSprintf(f, args)).toBe(out));

  it('spaces operands like fmt.Sprint and fmt.Sprintln', () => {
    expect(goSprint([1, 2, 'a', 3, 'b'])).toBe('1 2a3b');
    expect(goSprintln(['a', 1])).toBe('a 1\n');
  });
});
