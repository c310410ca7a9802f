import { describe, expect, it } from 'vitest';
import { formatCost, formatCount, formatPercent, formatRatioPercent } from './number.js';

describe('formatPercent (one decimal)', () => {
  it('rounds to one decimal', () => {
    expect(formatPercent(99.456)).toBe('99.5%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(33.333)).toBe('33.3%');
  });
  it('is empty without a value', () => {
    expect(formatPercent(undefined)).toBe('');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('');
  });
  it('formats a ratio, and nothing when the total is zero', () => {
    expect(formatRatioPercent(1, 3)).toBe('33.3%');
    expect(formatRatioPercent(0, 0)).toBe('');
  });
});

describe('formatCount (Nk+ style)', () => {
  it('is exact below 1000', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });
  it('abbreviates thousands as Nk+ and millions as NM+', () => {
    expect(formatCount(1000)).toBe('1k+');
    expect(formatCount(1500)).toBe('1k+');
    expect(formatCount(12_345)).toBe('12k+');
    expect(formatCount(999_999)).toBe('999k+');
    expect(formatCount(2_500_000)).toBe('2M+');
  });
  it('is empty without a value', () => {
    expect(formatCount(null)).toBe('');
  });
});

describe('formatCost', () => {
  it('shows cents below $1000', () => {
    expect(formatCost(12.345)).toBe('$12.35');
    expect(formatCost(0.5)).toBe('$0.50');
    expect(formatCost(999.99)).toBe('$999.99');
  });
  it('compacts thousands and millions', () => {
    expect(formatCost(1234)).toBe('$1.2k');
    expect(formatCost(5000)).toBe('$5k');
    expect(formatCost(3_000_000)).toBe('$3M');
  });
  it('marks tiny costs and zero distinctly', () => {
    expect(formatCost(0.001)).toBe('<$0.01');
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(-12)).toBe('-$12.00');
    expect(formatCost(undefined)).toBe('');
  });
});
