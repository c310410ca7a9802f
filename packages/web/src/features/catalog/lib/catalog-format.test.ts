import { describe, expect, it } from 'vitest';
import { ambiguousShortTypes, costTrend, formatCatalogCost, isHighChangeCount, shortType } from './catalog-format';

describe('catalogue cost format', () => {
  it('shows 2 decimals up to 10 and none above', () => {
    expect(formatCatalogCost(4.5)).toBe('$4.50');
    expect(formatCatalogCost(10)).toBe('$10.00');
    expect(formatCatalogCost(10.4)).toBe('$10');
    expect(formatCatalogCost(1234.56)).toBe('$1,235');
    expect(formatCatalogCost(0.004)).toBe('$0.00');
  });

  it('is empty without a cost', () => {
    expect(formatCatalogCost(null)).toBe('');
    expect(formatCatalogCost(0)).toBe('');
    expect(formatCatalogCost(Number.NaN)).toBe('');
  });
});

describe('cost trend', () => {
  it('shows only beyond 10% from the 30-day daily average', () => {
    expect(costTrend(1.1, 30)).toBeNull(); // exactly 10% above
    expect(costTrend(1.11, 30)).toBe('up');
    expect(costTrend(0.89, 30)).toBe('down');
    expect(costTrend(0.95, 30)).toBeNull();
  });

  it('needs both figures', () => {
    expect(costTrend(null, 30)).toBeNull();
    expect(costTrend(5, 0)).toBeNull();
  });
});

describe('changes highlight and type names', () => {
  it('highlights 500 and more', () => {
    expect(isHighChangeCount(499)).toBe(false);
    expect(isHighChangeCount(500)).toBe(true);
    expect(isHighChangeCount(null)).toBe(false);
  });

  it('drops the provider prefix of a type', () => {
    expect(shortType('Kubernetes::Pod')).toBe('Pod');
    expect(shortType('AWS::EC2::Instance')).toBe('EC2 Instance');
    // Types that would look alike in short form are named in full.
    expect([...ambiguousShortTypes(['Team::Service', 'Infra::Service', 'Kubernetes::Pod', null, 'Team::Service'])].sort()).toEqual([
      'Infra::Service',
      'Team::Service',
    ]);
    expect(shortType('Car')).toBe('Car');
  });
});
