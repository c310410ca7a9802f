import { createContext, useCallback, useContext, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/local-storage';

/** localStorage key of the sidebar's two-column mode. */
export const SIDEBAR_COLUMNS_KEY = 'topology.sidebarColumns';

/** How many columns the sidebar's lists use; the wide sidebar lays them out in two. */
export const SidebarColumnsContext = createContext<1 | 2>(1);

export function useSidebarColumns(): 1 | 2 {
  return useContext(SidebarColumnsContext);
}

/** The two-column choice, kept in this browser (default: one column). */
export function useStoredSidebarColumns(): [1 | 2, (columns: 1 | 2) => void] {
  const [columns, setColumns] = useState<1 | 2>(() => (readStorage(SIDEBAR_COLUMNS_KEY) === '2' ? 2 : 1));
  const set = useCallback((next: 1 | 2) => {
    setColumns(next);
    writeStorage(SIDEBAR_COLUMNS_KEY, next === 2 ? '2' : null);
  }, []);
  return [columns, set];
}
