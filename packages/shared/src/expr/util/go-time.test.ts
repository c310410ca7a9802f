import { describe, expect, it } from 'vitest';
import { formatGoTime, GO_TIME_STRING_LAYOUT, layoutChunks, parseGoTime, RFC3339 } from './go-time.js';

const t = new Date('2023-09-26T14:05:09.123Z');

describe('formatGoTime', () => {
  it.each([
    [RFC3339, '2023-09-26T14:05:09Z'],
    ['2006-01-02T15:04:05.000Z07:00', '2023-09-26T14:05:09.123Z'],
    ['2006-01-02T15:04:05.999999999Z07:00', '2023-09-26T14:05:09.123Z'],
    ['Mon Jan _2 15:04:05 2006', 'Tue Sep 26 14:05:09 2023'],
    ['3:04PM', '2:05PM'],
    ['January 2, 06', 'September 26, 23'],
    ['002 __2', '269 269'],
    [GO_TIME_STRING_LAYOUT, '2023-09-26 14:05:09.123 +0000 UTC'],
  ])('%s', (layout, out) => expect(formatGoTime(t, layout)).toBe(out));

  it('shifts to a fixed offset', () => {
    expect(formatGoTime(t, '15:04 -07:00', -300)).toBe('09:05 -05:00');
  });

  it('keeps literal text that only looks like an element', () => {
    expect(layoutChunks('_2006').map((c) => c.std)).toEqual(['', '2006']);
  });
});

describe('parseGoTime', () => {
  it.each([
    ['2006-01-02', '2023-09-26', '2023-09-26T00:00:00.000Z'],
    ['02-01-2006', '26-09-2023', '2023-09-26T00:00:00.000Z'],
    ['15:04 02-01-2006', '14:30 26-09-2023', '2023-09-26T14:30:00.000Z'],
    [RFC3339, '1986-12-18T10:00:20.021-05:00', '1986-12-18T15:00:20.021Z'],
    ['Jan 2 2006 3:04PM', 'Feb 3 2024 1:05AM', '2024-02-03T01:05:00.000Z'],
  ])('%s %s', (layout, value, iso) => expect(parseGoTime(layout, value).toISOString()).toBe(iso));

  it("explains what did not match, in Go's words", () => {
    expect(() => parseGoTime('2006-01-02', 'x')).toThrow('parsing time "x" as "2006-01-02": cannot parse "x" as "2006"');
    expect(() => parseGoTime('2006', '2023x')).toThrow('extra text: "x"');
    expect(() => parseGoTime('2006-01-02', '2023-13-01')).toThrow('month out of range');
  });
});
