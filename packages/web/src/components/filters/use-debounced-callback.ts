import { useCallback, useEffect, useRef } from 'react';

/**
 * A stable function that calls `fn` once `delay` ms have passed without another call;
 * `flush` runs a pending call now (e.g. on Enter) and pending calls are dropped on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delay: number) {
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<A | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    (...args: A) => {
      pending.current = args;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        pending.current = undefined;
        fnRef.current(...args);
      }, delay);
    },
    [delay],
  );

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const args = pending.current;
    pending.current = undefined;
    if (args) fnRef.current(...args);
  }, []);

  return { run, flush };
}
