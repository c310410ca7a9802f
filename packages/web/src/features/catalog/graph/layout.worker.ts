// ELK layout of small and medium graphs, off the main thread so laying out never blocks the page.
import ELK from 'elkjs/lib/elk.bundled.js';
import { layoutGraph } from './graph-layout';
import type { LayoutRequest, LayoutResponse } from './layout-messages';

const elk = new ELK();

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { requestId, ...input } = event.data;
  try {
    self.postMessage({ requestId, ...(await layoutGraph(elk, input)) } satisfies LayoutResponse);
  } catch (err) {
    self.postMessage({ requestId, error: (err as Error).message } satisfies LayoutResponse);
  }
};
