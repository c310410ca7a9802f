import { isUuid, type RelatedConfigRow, type RelatedConfigsArgs } from '@ops/shared';
import { loadRelationshipGraph } from '../graph/load-graph';
import { readRelationshipView, relatedArgs } from '../lib/relationship-params';
import { HIDE_DELETED_CATALOG_KEY, readYesNo } from '../lib/use-hide-deleted';
import { relatedConfigs } from './relationships-api';

const early = new Map<string, Promise<RelatedConfigRow[]>>();
const RELATIONSHIPS_PATH = /^\/catalog\/([^/]+)\/relationships\/?$/;

/**
 * A page opened on /catalog/{id}/relationships would ask for the related items only once the config has
 * arrived, and for the graph's chunk only once those have: start both now, beside the config's request.
 */
export function prefetchRelatedFromLocation(location: Pick<Location, 'pathname' | 'search'> | undefined = globalThis.location): void {
  const id = location && RELATIONSHIPS_PATH.exec(location.pathname)?.[1];
  if (!id || !isUuid(id)) return;
  const view = readRelationshipView(new URLSearchParams(location.search));
  if (view.view === 'graph') void loadRelationshipGraph().catch(() => undefined); // the lazy component reports a failure
  const args = relatedArgs(id, view, readYesNo(HIDE_DELETED_CATALOG_KEY));
  const key = JSON.stringify(args);
  if (early.has(key)) return;
  const request = relatedConfigs(args);
  request.catch(() => undefined); // an early failure is reported by the tab's own request instead
  early.set(key, request);
}

/** The early request for exactly these arguments, used once by the tab's query (later loads fetch afresh). */
export function takePrefetchedRelated(args: RelatedConfigsArgs): Promise<RelatedConfigRow[]> | undefined {
  const key = JSON.stringify(args);
  const request = early.get(key);
  early.delete(key);
  return request;
}
