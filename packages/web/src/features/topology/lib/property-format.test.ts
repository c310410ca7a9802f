import { describe, expect, it } from 'vitest';
import { displayProperties, displayProperty, formatBytes, formatCurrency, formatWithUnit } from './property-format';

const NOW = new Date('2026-01-10T00:00:00Z');

describe('property formatting', () => {
  it('abbreviates currency with k above 1000 and M above a million', () => {
    expect(formatCurrency(12.5)).toBe('$12.50');
    expect(formatCurrency(1000)).toBe('$1000.00');
    expect(formatCurrency(1234)).toBe('$1.2k');
    expect(formatCurrency(2_500_000)).toBe('$2.5M');
  });

  it('formats milli-units, bytes and percent', () => {
    expect(formatWithUnit(500, 'millicores')).toBe('0.5 cores');
    expect(formatWithUnit(1500, 'milliseconds')).toBe('1.5 seconds');
    expect(formatBytes(1536)).toBe('1.5KiB');
    expect(formatWithUnit(3 * 1024 ** 3, 'bytes')).toBe('3GiB');
    expect(formatWithUnit(42, 'percent')).toBe('42%');
    expect(formatWithUnit(7, 'pods')).toBe('7 pods');
  });

  it('links url properties only for http(s) and shows ages without "ago"', () => {
    expect(displayProperty({ name: 'site', type: 'url', text: 'https://example.com' })).toMatchObject({ href: 'https://example.com' });
    expect(displayProperty({ name: 'site', type: 'url', text: 'javascript:alert(1)' })?.href).toBeUndefined();
    expect(displayProperty({ name: 'age', type: 'age', text: '2026-01-07T00:00:00Z' }, NOW)?.text).toBe('3d');
  });

  it('marks cpu and memory above 70% of max red, not other properties', () => {
    expect(displayProperty({ name: 'cpu', value: 800, max: 1000, unit: 'millicores' })).toMatchObject({
      tone: 'danger',
      text: '0.8 cores / 1 cores',
    });
    expect(displayProperty({ name: 'memory', value: 600, max: 1000, unit: 'bytes' })?.tone).toBeUndefined();
    expect(displayProperty({ name: 'disk', value: 900, max: 1000 })?.tone).toBeUndefined();
  });

  it('drops hidden and empty properties and puts headlines first', () => {
    const list = displayProperties([
      { name: 'a', text: 'one' },
      { name: 'secret', type: 'hidden', text: 'x' },
      { name: 'empty' },
      { name: 'b', text: 'two', headline: true },
    ]);
    expect(list.map((p) => p.name)).toEqual(['b', 'a']);
  });
});
