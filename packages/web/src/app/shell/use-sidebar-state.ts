import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/local-storage';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';

export const SIDEBAR_STORAGE_KEY = 'ops.sidebar.collapsed';
/** Below 1024 px the sidebar collapses on its own. */
export const NARROW_QUERY = '(max-width: 1023px)';

export interface SidebarState {
  /** 'drawer' on phones (no sidebar in the page, a menu button opens it over the page), 'rail' otherwise. */
  mode: 'drawer' | 'rail';
  /** Whether the rail shows icons only. */
  collapsed: boolean;
  toggle: () => void;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
}

/**
 * Phones get a drawer. Elsewhere the user's collapse choice is persisted; between 768 and 1023 px the rail
 * starts collapsed and a toggle there only opens it until the width changes (the stored choice is kept).
 */
export function useSidebarState(): SidebarState {
  const [stored, setStored] = useState(() => readStorage(SIDEBAR_STORAGE_KEY) === 'true');
  const phone = useMediaQuery(PHONE_QUERY);
  const narrow = useMediaQuery(NARROW_QUERY);
  const [openWhileNarrow, setOpenWhileNarrow] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Crossing 1024 px drops an 'opened while narrow' choice (state adjusted while rendering, not in an effect).
  const [lastNarrow, setLastNarrow] = useState(narrow);
  if (lastNarrow !== narrow) {
    setLastNarrow(narrow);
    setOpenWhileNarrow(false);
  }

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

  return {
    mode: phone ? 'drawer' : 'rail',
    collapsed: narrow ? !openWhileNarrow : stored,
    toggle,
    drawerOpen: phone && drawerOpen,
    setDrawerOpen,
  };
}
