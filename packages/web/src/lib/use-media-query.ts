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

/** Short screens get the Graph tab instead of the chart above the tabs. */
export const SHORT_SCREEN = '(max-height: 900px)';
