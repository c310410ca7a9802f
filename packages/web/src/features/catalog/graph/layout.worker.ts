// The relationship graph's layout runs here, off the main thread (design §6): ELK in a Web Worker.
import ELK from 'elkjs/lib/elk.bundled.js';
import { layoutGraph, type LayoutInput, type LayoutResult } from './graph-layout';

export type LayoutRequest = LayoutInput & { requestId: number };
export type LayoutResponse = (LayoutResult & { requestId: number; error?: undefined }) | { requestId: number; error: string };

const elk = new ELK();

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { requestId, ...input } = event.data;
  try {
    const result = await layoutGraph(elk, input);
    self.postMessage({ requestId, ...result } satisfies LayoutResponse);
  } catch (err) {
    self.postMessage({ requestId, error: (err as Error).message } satisfies LayoutResponse);
  }
};
