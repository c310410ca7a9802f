import { CARD_WIDTH_SLIDER, CARD_WIDTHS, type CardSize } from '@ops/shared';

/** Named card sizes, smallest first (the ?size= param of the single-card view takes these names). */
export const CARD_SIZES = Object.keys(CARD_WIDTHS) as CardSize[];

/** Small and medium cards are compact: one line of properties, no child cards. */
export function isCompact(width: number): boolean {
  return width <= CARD_WIDTHS.medium;
}

/** The nearest named size at or below a width (slider values between sizes keep the smaller layout). */
export function sizeForWidth(width: number): CardSize {
  let size: CardSize = 'small';
  for (const s of CARD_SIZES) if (width >= CARD_WIDTHS[s]) size = s;
  return size;
}

/** A stored or typed width clamped to the slider's range and step; the default when unreadable. */
export function clampWidth(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) return CARD_WIDTH_SLIDER.default;
  const { min, max, step } = CARD_WIDTH_SLIDER;
  const stepped = min + Math.round((n - min) / step) * step;
  return Math.min(max, Math.max(min, stepped));
}

/** The width of a ?size= value: a size name or a number of pixels. */
export function widthForSizeParam(size: string | null | undefined): number {
  if (!size) return CARD_WIDTHS.extra_large;
  if (size in CARD_WIDTHS) return CARD_WIDTHS[size as CardSize];
  const n = Number(size.replace(/px$/, ''));
  return Number.isFinite(n) && n > 0 ? n : CARD_WIDTHS.extra_large;
}
