import { describe, expect, it } from 'vitest';
import { durationFromMs } from '../../util/values.js';
import { evaluateCel } from '../index.js';

describe('CEL time functions', () => {
  it.each<[string, unknown]>([
    ["duration('30m').getSeconds()", 1800],
    ["duration('7d') == duration('168h')", true],
    ["Duration('7d') > Duration('6d23h')", true],
    ["time.ParseDuration('1h30m') == duration('90m')", true],
    ['HumanDuration(3600)', '3.6µs'],
    ["HumanDuration(duration('26h3m'))", '1d2h3m'],
    ["HumanDuration(timestamp('2023-01-02T00:00:00Z') - timestamp('2023-01-01T00:00:00Z'))", '24h'],
    ["string(time.Parse('2006-01-02', '2023-09-26'))", '2023-09-26T00:00:00Z'],
    ["string(time.Parse('15:04 02-01-2006', '14:30 26-09-2023'))", '2023-09-26T14:30:00Z'],
    ["string(duration('1.5s'))", '1.5s'],
    ["timestamp('1986-12-18T10:00:20.021-05:00').getDayOfMonth()", 17],
    ["timestamp('2023-09-26T14:05:00Z').Format('Jan 2, 2006 at 3:04PM')", 'Sep 26, 2023 at 2:05PM'],
    ["timestamp('2023-09-26T00:00:00Z').Unix()", 1695686400],
    ['time.Unix(0) == timestamp("1970-01-01T00:00:00Z")', true],
    ['time.Second(90) == duration("1m30s")', true],
    ['time.Since(time.Now()) < duration("1m")', true],
    ["time.Until(timestamp('2000-01-01T00:00:00Z')) < duration('0s')", true],
    ["time.InTimeRange(timestamp('2025-01-01T06:30:00Z'), '06:00', '07:00')", true],
    ["time.InTimeRange(timestamp('2025-01-01T07:00:30Z'), '06:00', '07:00')", false],
    ["time.InTimeRange('2025-01-01T06:59:59+02:00', '06:00', '07:00')", true],
    ["time.InTimeRange('2025-01-01T09:00:00Z', '09:00:00', '17:30:00')", true],
    ['type(time.ZoneName()) == string && type(time.ZoneOffset()) == int', true],
  ])('%s', (expr, want) => expect(evaluateCel(expr)).toEqual(want));

  it('computes ages from timestamps and RFC 3339 strings', () => {
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(evaluateCel("Age(t) > duration('59m') && age(t) < duration('61m')", { t: hourAgo })).toBe(true);
    expect(evaluateCel('d.String()', { d: durationFromMs(5400_000) })).toBe('1h30m0s');
  });

  it('names bad input', () => {
    expect(() => evaluateCel("Duration('bad')")).toThrow('time: invalid duration "bad"');
    expect(() => evaluateCel("time.InTimeRange(time.Now(), '25:00', '26:00')")).toThrow('cannot parse "25:00" as a time of day');
    expect(() => evaluateCel("time.InTimeRange('yesterday', '01:00', '02:00')")).toThrow('cannot parse "yesterday" as a timestamp');
  });
});
