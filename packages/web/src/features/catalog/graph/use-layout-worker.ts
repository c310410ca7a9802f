import { useCallback, useEffect, useRef } from 'react';
import { layoutKind, type LayoutInput, type LayoutResult } from './graph-layout';
import type { LayoutResponse } from './layout-messages';
import { treeLayout } from './tree-layout';

type Pending = { resolve: (r: LayoutResult) => void; reject: (e: Error) => void };
type Kind = 'elk' | 'tree';

/** Starts a layout worker (Vite bundles each `new Worker(new URL(…))` as its own chunk). */
function startWorker(kind: Kind): Worker {
  return kind === 'elk'
    ? new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout-elk' })
    : new Worker(new URL('./tree-layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout-tree' });
}

/**
 * A layout function: the tree layout on the page for graphs up to 50 nodes (no worker to start, no ELK to
 * load), Web Workers above so laying out never blocks the page: ELK up to 300 nodes, the tree layout beyond.
 * Workers start on first use and stop when the graph unmounts.
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
    const kind = layoutKind(input.nodes.length);
    if (kind === 'inline') return Promise.resolve(treeLayout(input));
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
