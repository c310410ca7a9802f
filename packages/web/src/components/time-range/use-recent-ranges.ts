import { useCallback, useState } from 'react';
import { loadRecentRanges, RECENT_RANGES_KEY, rememberRecentRange, type AbsoluteRange } from './recent-ranges';

/** The recently used absolute ranges from localStorage, and a function to remember one more. */
export function useRecentRanges(key: string = RECENT_RANGES_KEY): [AbsoluteRange[], (range: AbsoluteRange) => void] {
  const [recent, setRecent] = useState(() => loadRecentRanges(window.localStorage, key));
  const remember = useCallback((range: AbsoluteRange) => setRecent(rememberRecentRange(window.localStorage, range, key)), [key]);
  return [recent, remember];
}
