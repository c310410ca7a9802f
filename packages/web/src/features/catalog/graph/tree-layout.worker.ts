// The linear-time layout of large graphs, in its own worker so ELK's code is never loaded for them.
import type { LayoutRequest, LayoutResponse } from './layout-messages';
import { treeLayout } from './tree-layout';

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { requestId, ...input } = event.data;
  try {
    self.postMessage({ requestId, ...treeLayout(input) } satisfies LayoutResponse);
  } catch (err) {
    self.postMessage({ requestId, error: (err as Error).message } satisfies LayoutResponse);
  }
};
