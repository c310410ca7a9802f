import { useEffect } from 'react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Global keys: Ctrl/Cmd-K toggles the command palette; '/' (outside text fields) focuses the
 * page's search box, i.e. the first visible element carrying `data-search`.
 */
export function useShortcuts(onPalette: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        onPalette();
        return;
      }
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      const boxes = Array.from(document.querySelectorAll<HTMLElement>('[data-search]'));
      const box = boxes.find((b) => b.offsetParent !== null || b.getClientRects().length > 0) ?? boxes[0];
      if (!box) return;
      e.preventDefault();
      const input = box.matches('input, textarea') ? box : box.querySelector<HTMLElement>('input, textarea');
      (input ?? box).focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onPalette]);
}
