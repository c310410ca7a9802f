import type { ScrapeContext } from '../../context.js';
import type { ItemDraft } from '../../pipeline/extract.js';
import type { KubernetesScraperSpec } from '../../spec/scrapers.schema.js';
import type { ChangeResult, RelationshipResult, ScrapeError } from '../../types.js';
import { DEFAULT_TIMEOUT_MS } from '../http-fetch.js';
import { errorMessage, type ScraperRun, type ScraperType } from '../scraper-type.js';
import { discoverResources, listPath, type ApiResource } from './discovery.js';
import { exclusionsOf, kindExcluded, objectExcluded } from './exclusions.js';
import { KubeClient } from './kube-client.js';
import { eventChange } from './kube-events.js';
import { clusterDraft, normalizeObject, objectDraft, type KubeObject } from './kube-objects.js';
import { kubeRelationships } from './kube-relationships.js';
import { kubeConnectionFor } from './kube-connection-ref.js';
import { concurrencyLimiter } from './limiter.js';

// `kubernetes`: discover what the cluster serves, list every resource (in `namespace`, matching
// `selector`/`fieldSelector`, at most `maxInFlight` requests at a time), skip exclusions, and turn
// Events into changes. A failed list makes the run partial; the other resources are still returned.

const PAGE_SIZE = '500';
export const DEFAULT_MAX_IN_FLIGHT = 10;

/** Events are changes, not items. */
export function isEventResource(r: ApiResource): boolean {
  return r.kind === 'Event';
}

/** Every object of a resource, following `continue` tokens; returns the list's resourceVersion too. */
export async function listAll(
  client: KubeClient,
  r: ApiResource,
  spec: KubernetesScraperSpec,
  signal?: AbortSignal,
): Promise<{ items: KubeObject[]; resourceVersion?: string }> {
  const items: KubeObject[] = [];
  let token: string | undefined;
  let resourceVersion: string | undefined;
  do {
    const page = await client.get<{ items?: KubeObject[]; metadata?: { continue?: string; resourceVersion?: string } }>(
      listPath(r, spec.namespace),
      { labelSelector: spec.selector, fieldSelector: spec.fieldSelector, limit: PAGE_SIZE, continue: token },
      signal,
    );
    items.push(...(page.items ?? []).map((o) => normalizeObject(o, r)));
    token = page.metadata?.continue || undefined;
    resourceVersion = page.metadata?.resourceVersion;
  } while (token);
  return { items, resourceVersion };
}

/** The resources a spec lists: not excluded by kind, and namespaced ones only when `namespace` is set. */
export function targetResources(resources: ApiResource[], spec: KubernetesScraperSpec): ApiResource[] {
  const ex = exclusionsOf(spec);
  const seen = new Set<string>();
  return resources.filter((r) => {
    const key = `${r.group}/${r.kind}`;
    // events.k8s.io serves the same Events as core v1: list them once.
    if (r.kind === 'Event' && r.group !== '') return false;
    if (seen.has(key) || kindExcluded(r, ex) || (spec.namespace && !r.namespaced)) return false;
    seen.add(key);
    return true;
  });
}

export const kubernetesScraper: ScraperType<KubernetesScraperSpec> = {
  async scrape(spec, ctx: ScrapeContext, label): Promise<ScraperRun> {
    const errors: ScrapeError[] = [];
    let client: KubeClient;
    try {
      client = new KubeClient(await kubeConnectionFor(spec, ctx), ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    } catch (err) {
      return { drafts: [], errors: [{ scraper: label, message: errorMessage(err) }], complete: false };
    }
    const limit = concurrencyLimiter(spec.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
    try {
      const version = await client.get('/version', {}, ctx.signal).catch(() => undefined);
      const discovered = await discoverResources(client, limit, ctx.signal);
      for (const message of discovered.errors) errors.push({ scraper: label, message });
      const ex = exclusionsOf(spec);
      const targets = targetResources(discovered.resources, spec);
      const lists = await Promise.all(
        targets.map((r) =>
          limit(() => listAll(client, r, spec, ctx.signal)).then(
            (l) => ({ r, items: l.items }),
            (err) => {
              errors.push({ scraper: label, item: listPath(r, spec.namespace), message: errorMessage(err) });
              return { r, items: [] as KubeObject[] };
            },
          ),
        ),
      );
      const drafts: ItemDraft[] = [clusterDraft(spec.clusterName, client.conn.server, version)];
      const byUid = new Map<string, ItemDraft>();
      const relationships: RelationshipResult[] = [];
      const warnings: string[] = [];
      const events: ChangeResult[] = [];
      for (const { r, items } of lists) {
        for (const obj of items) {
          if (objectExcluded(obj, ex)) continue;
          if (isEventResource(r)) {
            const change = eventChange(obj, spec, ex);
            if (change) events.push(change);
            continue;
          }
          const draft = objectDraft(obj, spec.clusterName, listPath(r, spec.namespace));
          drafts.push(draft);
          byUid.set(draft.preset!.id!, draft);
          const rel = kubeRelationships(obj, draft.preset!.id!, spec, ctx.scraperId);
          relationships.push(...rel.relationships);
          warnings.push(...rel.warnings);
        }
      }
      const standalone: ChangeResult[] = [];
      for (const change of events) {
        const draft = byUid.get(change.external_id);
        if (draft) (draft.changes ??= []).push(change);
        else standalone.push(change);
      }
      return { drafts, errors, relationships, warnings, changes: standalone, complete: errors.length === 0 };
    } catch (err) {
      errors.push({ scraper: label, message: errorMessage(err) });
      return { drafts: [], errors, complete: false };
    } finally {
      client.close();
    }
  },
};
