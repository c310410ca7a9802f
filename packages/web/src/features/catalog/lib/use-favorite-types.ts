import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../../lib/local-storage';

/** localStorage key of the favourite config types (the summary's isFavorite, listed first). */
export const FAVORITE_TYPES_KEY = 'catalogFavoriteTypes';

const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The favourite types as stored (a JSON list; anything unreadable is no favourites). */
function read(): string {
  return readStorage(FAVORITE_TYPES_KEY) ?? '[]';
}

function parse(raw: string): string[] {
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** Favourite config types kept in localStorage, and a toggle. */
export function useFavoriteTypes(): [ReadonlySet<string>, (type: string) => void] {
  const raw = useSyncExternalStore(subscribe, read, () => '[]');
  const set = useMemo(() => new Set(parse(raw)), [raw]);
  const toggle = useCallback((type: string) => {
    const next = new Set(parse(read()));
    if (next.has(type)) next.delete(type);
    else next.add(type);
    writeStorage(FAVORITE_TYPES_KEY, JSON.stringify([...next].sort()));
    for (const l of listeners) l();
  }, []);
  return [set, toggle];
}
