import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come near the viewport (once true it stays true), so heavy parts of
 * off-screen cards render only when scrolled to. Without IntersectionObserver it is true at once.
 */
export function useInView<T extends Element>(margin = '400px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen];
}
