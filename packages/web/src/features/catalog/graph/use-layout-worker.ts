import { useCallback, useEffect, useRef } from 'react';
import type { LayoutInput, LayoutResult } from './graph-layout';
import type { LayoutResponse } from './layout.worker';

type Pending = { resolve: (r: LayoutResult) => void; reject: (e: Error) => void };

/**
 * A layout function backed by one Web Worker per graph (ELK runs there, never on the main thread).
 * Only the latest request's answer is used; the worker stops when the graph unmounts.
 */
export function useLayoutWorker(): (input: LayoutInput) => Promise<LayoutResult> {
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, Pending>());
  const nextId = useRef(1);

  useEffect(() => {
    const requests = pending.current;
    return () => {
      worker.current?.terminate();
      worker.current = null;
      for (const p of requests.values()) p.reject(new Error('The graph closed before its layout finished'));
      requests.clear();
    };
  }, []);

  return useCallback((input: LayoutInput) => {
    if (!worker.current) {
      worker.current = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout' });
      worker.current.onmessage = (event: MessageEvent<LayoutResponse>) => {
        const { requestId } = event.data;
        const p = pending.current.get(requestId);
        if (!p) return;
        pending.current.delete(requestId);
        if (event.data.error !== undefined) p.reject(new Error(event.data.error));
        else p.resolve({ positions: event.data.positions, ms: event.data.ms });
      };
    }
    const requestId = nextId.current++;
    return new Promise<LayoutResult>((resolve, reject) => {
      pending.current.set(requestId, { resolve, reject });
      worker.current!.postMessage({ requestId, ...input });
    });
  }, []);
}
