import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}

/** Phones: the sidebar becomes a drawer and page headers sit in the page instead of the top bar. */
export const PHONE_QUERY = '(max-width: 767px)';
