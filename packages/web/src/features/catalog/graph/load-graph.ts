import { useEffect, useState } from 'react';
import type * as GraphChunk from './relationship-graph';

type GraphModule = typeof GraphChunk;
type GraphComponent = GraphModule['default'];

let loaded: GraphComponent | null = null;
let loading: Promise<GraphModule> | null = null;

/**
 * The graph's chunk (React Flow and the graph components). One import for the graph and for the early
 * starts, so a page opened on the graph fetches it while its data is still on the way.
 */
export function loadRelationshipGraph(): Promise<GraphModule> {
  loading ??= import('./relationship-graph').then(
    (m) => {
      loaded = m.default;
      return m;
    },
    (err: unknown) => {
      loading = null; // a later visit may try again
      throw err;
    },
  );
  return loading;
}

/**
 * The graph component once its chunk is loaded (null before). Not React.lazy: a lazy component suspends
 * even when its chunk is there, and React holds a revealed Suspense boundary back for up to 300 ms, which
 * a small graph would spend waiting.
 */
export function useRelationshipGraph(): { Graph: GraphComponent | null; error: Error | null } {
  const [Graph, setGraph] = useState<GraphComponent | null>(() => loaded);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (Graph) return;
    let live = true;
    loadRelationshipGraph().then(
      (m) => live && setGraph(() => m.default),
      (err: Error) => live && setError(err),
    );
    return () => {
      live = false;
    };
  }, [Graph]);
  return { Graph, error };
}
