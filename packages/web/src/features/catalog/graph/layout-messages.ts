import type { LayoutInput, LayoutResult } from './graph-layout';

/** What the graph posts to a layout worker. */
export type LayoutRequest = LayoutInput & { requestId: number };
/** What a layout worker answers: the positions, or the error that stopped it. */
export type LayoutResponse = (LayoutResult & { requestId: number; error?: undefined }) | { requestId: number; error: string };
