import { useCallback, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/local-storage';

export const SIDEBAR_STORAGE_KEY = 'ops.sidebar.collapsed';
/** Below 1024 px the sidebar collapses on its own. */
export const NARROW_QUERY = '(max-width: 1023px)';

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

/**
 * Collapsed state: the user's choice is persisted; on narrow screens the sidebar starts collapsed
 * and a toggle there only opens it until the width changes (the stored choice is kept).
 */
export function useSidebarState(): { collapsed: boolean; toggle: () => void } {
  const [stored, setStored] = useState(() => readStorage(SIDEBAR_STORAGE_KEY) === 'true');
  const [narrow, setNarrow] = useState(isNarrow);
  const [openWhileNarrow, setOpenWhileNarrow] = useState(false);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(NARROW_QUERY);
    const onChange = (e: MediaQueryListEvent): void => {
      setNarrow(e.matches);
      setOpenWhileNarrow(false);
    };
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const toggle = useCallback(() => {
    if (narrow) {
      setOpenWhileNarrow((o) => !o);
      return;
    }
    setStored((c) => {
      writeStorage(SIDEBAR_STORAGE_KEY, String(!c));
      return !c;
    });
  }, [narrow]);

  return { collapsed: narrow ? !openWhileNarrow : stored, toggle };
}
