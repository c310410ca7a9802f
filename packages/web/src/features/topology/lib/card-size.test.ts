import { CARD_WIDTHS } from '@ops/shared';
import { describe, expect, it } from 'vitest';
import { clampWidth, isCompact, sizeForWidth, widthForSizeParam } from './card-size';

describe('card sizes', () => {
  it('treats small and medium widths as compact', () => {
    expect(isCompact(CARD_WIDTHS.small)).toBe(true);
    expect(isCompact(CARD_WIDTHS.medium)).toBe(true);
    expect(isCompact(CARD_WIDTHS.large)).toBe(false);
    expect(sizeForWidth(300)).toBe('medium');
    expect(sizeForWidth(600)).toBe('extra_large');
  });

  it('clamps slider values to 250–768 in steps of 2, defaulting to extra large', () => {
    expect(clampWidth(null)).toBe(554);
    expect(clampWidth('abc')).toBe(554);
    expect(clampWidth('100')).toBe(250);
    expect(clampWidth(9999)).toBe(768);
    expect(clampWidth(301)).toBe(302);
  });

  it('reads ?size= as a size name or pixels', () => {
    expect(widthForSizeParam('small')).toBe(198);
    expect(widthForSizeParam('400')).toBe(400);
    expect(widthForSizeParam(undefined)).toBe(554);
  });
});
