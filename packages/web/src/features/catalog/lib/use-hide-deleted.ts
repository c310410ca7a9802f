import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../../lib/local-storage';

/** localStorage keys of the catalogue preferences, stored as 'yes' or 'no'. */
export const HIDE_DELETED_CATALOG_KEY = 'hideDeletedCatalog';
export const HIDE_DELETED_CHANGES_KEY = 'hideDeletedConfigChanges';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** A yes/no preference read from storage; anything but 'no' counts as yes (the default). */
export function readYesNo(key: string): boolean {
  return readStorage(key) !== 'no';
}

/** A yes/no preference kept in localStorage, shared live by every component that reads it. */
export function useYesNoPreference(key: string): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readYesNo(key),
    () => true,
  );
  const set = useCallback(
    (next: boolean) => {
      writeStorage(key, next ? 'yes' : 'no');
      for (const l of listeners) l();
    },
    [key],
  );
  return [value, set];
}

/** 'Hide Deleted Catalog' (default yes): deleted items stay out of lists, summaries and relationships. */
export function useHideDeletedCatalog(): [boolean, (value: boolean) => void] {
  return useYesNoPreference(HIDE_DELETED_CATALOG_KEY);
}
