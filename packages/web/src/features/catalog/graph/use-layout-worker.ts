import { useCallback, useEffect, useRef } from 'react';
import { usesTreeLayout, type LayoutInput, type LayoutResult } from './graph-layout';
import type { LayoutResponse } from './layout-messages';

type Pending = { resolve: (r: LayoutResult) => void; reject: (e: Error) => void };
type Kind = 'elk' | 'tree';

/** Starts a layout worker (Vite bundles each `new Worker(new URL(…))` as its own chunk). */
function startWorker(kind: Kind): Worker {
  return kind === 'elk'
    ? new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout-elk' })
    : new Worker(new URL('./tree-layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout-tree' });
}

/**
 * A layout function backed by Web Workers (the layout never runs on the main thread): ELK for graphs up to
 * 300 nodes, the tree layout above. Workers start on first use and stop when the graph unmounts.
 */
export function useLayoutWorker(): (input: LayoutInput) => Promise<LayoutResult> {
  const workers = useRef(new Map<Kind, Worker>());
  const pending = useRef(new Map<number, Pending>());
  const nextId = useRef(1);

  useEffect(() => {
    const running = workers.current;
    const requests = pending.current;
    return () => {
      for (const w of running.values()) w.terminate();
      running.clear();
      for (const p of requests.values()) p.reject(new Error('The graph closed before its layout finished'));
      requests.clear();
    };
  }, []);

  return useCallback((input: LayoutInput) => {
    const kind: Kind = usesTreeLayout(input.nodes.length) ? 'tree' : 'elk';
    let worker = workers.current.get(kind);
    if (!worker) {
      worker = startWorker(kind);
      worker.onmessage = (event: MessageEvent<LayoutResponse>) => {
        const { requestId } = event.data;
        const p = pending.current.get(requestId);
        if (!p) return;
        pending.current.delete(requestId);
        if (event.data.error !== undefined) p.reject(new Error(event.data.error));
        else p.resolve({ positions: event.data.positions, ms: event.data.ms });
      };
      workers.current.set(kind, worker);
    }
    const requestId = nextId.current++;
    const target = worker;
    return new Promise<LayoutResult>((resolve, reject) => {
      pending.current.set(requestId, { resolve, reject });
      target.postMessage({ requestId, ...input });
    });
  }, []);
}
