import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/local-storage';
import { clampWidth } from './card-size';

/** localStorage key of the card width slider. */
export const CARD_WIDTH_KEY = 'topology.cardWidth';

/** The card width chosen on the slider, kept in this browser (default: extra large). */
export function useCardWidth(): [number, (width: number) => void] {
  const [width, setWidth] = useState(() => clampWidth(readStorage(CARD_WIDTH_KEY)));
  const set = useCallback((next: number) => {
    const w = clampWidth(next);
    setWidth(w);
    writeStorage(CARD_WIDTH_KEY, String(w));
  }, []);
  return [width, set];
}
