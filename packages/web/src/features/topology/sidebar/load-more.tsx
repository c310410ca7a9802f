import { SIDEBAR_LOAD_MORE_PX } from '@ops/shared';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui';

/**
 * The end of a paged sidebar list: asks for the next page when it comes within SIDEBAR_LOAD_MORE_PX of the bottom of
 * what scrolls it (the sidebar on a wide screen, the page's main area otherwise). `onVisible` should be stable.
 */
export function LoadMore({ loading, onVisible, label }: { loading: boolean; onVisible: () => void; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible(), {
      root: scrollParent(el),
      rootMargin: `0px 0px ${SIDEBAR_LOAD_MORE_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loading, onVisible]);
  return <div ref={ref}>{loading && <Spinner size="sm" label={label} />}</div>;
}

// The nearest ancestor that scrolls vertically; null (the viewport) when none does.
function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
}
