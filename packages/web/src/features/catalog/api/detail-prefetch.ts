import type { ConfigDetailRow } from '@ops/shared';
import { getConfigDetail } from './configs-api';

const early = new Map<string, Promise<ConfigDetailRow | null>>();
const CONFIG_PATH = /^\/catalog\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

/**
 * Starts loading the config of the current /catalog/{id} URL as soon as the detail page's code arrives, in
 * parallel with the shell's sign-in check (a page opened by URL would otherwise wait for both in turn).
 */
export function prefetchConfigFromLocation(pathname: string = typeof window === 'undefined' ? '' : window.location.pathname): void {
  const id = CONFIG_PATH.exec(pathname)?.[1];
  if (!id || early.has(id)) return;
  const request = getConfigDetail(id);
  request.catch(() => undefined); // an early failure is reported by the page's own request instead
  early.set(id, request);
}

/** The early request for this id, used once by the page's query (later loads fetch afresh). */
export function takePrefetchedConfig(id: string): Promise<ConfigDetailRow | null> | undefined {
  const request = early.get(id);
  early.delete(id);
  return request;
}
