import type { ScrapeContext } from '../../context.js';
import { collectChanges, extractDrafts, type ItemDraft } from '../../pipeline/extract.js';
import { itemEnv } from '../../pipeline/item-env.js';
import { ExtractionOutput } from '../../pipeline/output.js';
import { toScrapeResult } from '../../pipeline/result.js';
import type { ParsedScrapeConfig } from '../../spec/parse-scrape-config.js';
import type { KubernetesScraperSpec } from '../../spec/scrapers.schema.js';
import type { ChangeResult, ScrapeResult } from '../../types.js';
import { DEFAULT_TIMEOUT_MS } from '../http-fetch.js';
import { discoverResources, listPath, type ApiResource } from './discovery.js';
import { exclusionsOf, objectExcluded } from './exclusions.js';
import { KubeApiError, KubeClient } from './kube-client.js';
import { eventChange } from './kube-events.js';
import { normalizeObject, objectDraft, type KubeObject } from './kube-objects.js';
import { kubeRelationships } from './kube-relationships.js';
import { kubeConnectionFor } from './kube-connection-ref.js';
import { isEventResource, listAll, targetResources } from './kubernetes.scraper.js';
import { concurrencyLimiter } from './limiter.js';

// Incremental scraping between full runs: watch the resources of `spec.kubernetes[i].watch`
// (default: the common workload kinds and Events) and report each batch of added, modified and
// deleted objects as a ScrapeResult with complete=false (absence of an item means nothing).

/** Kinds watched when the spec lists none. */
export const DEFAULT_WATCH_KINDS = [
  'Pod',
  'Deployment',
  'ReplicaSet',
  'StatefulSet',
  'DaemonSet',
  'Service',
  'Node',
  'Namespace',
  'Job',
  'CronJob',
  'Ingress',
  'PersistentVolumeClaim',
  'Event',
];

export interface WatchOptions {
  /** Receives each batch; the next batch waits until it resolves. */
  onResult(result: ScrapeResult): void | Promise<void>;
  /** Stream failures (the watch reconnects by itself). */
  onError?(err: Error): void;
  /** How long events are collected before a batch is emitted (default 500 ms). */
  batchMs?: number;
}

export class KubernetesWatch {
  private readonly spec: KubernetesScraperSpec;
  private readonly label: string;
  private readonly abort = new AbortController();
  private client: KubeClient | undefined;
  private pending: Array<{ draft?: ItemDraft; change?: ChangeResult; obj?: KubeObject }> = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private loops: Promise<void>[] = [];
  private opts: WatchOptions | undefined;

  constructor(
    private readonly config: ParsedScrapeConfig,
    index: number,
    private readonly ctx: ScrapeContext,
  ) {
    const entry = config.document.spec.kubernetes?.[index];
    if (!entry) throw new Error(`spec.kubernetes[${index}] does not exist`);
    this.spec = entry;
    this.label = `kubernetes[${index}]`;
  }

  /** Resolve the watched resources and open their streams; resolves once every stream has its starting point. */
  async start(opts: WatchOptions): Promise<void> {
    this.opts = opts;
    this.client = new KubeClient(await kubeConnectionFor(this.spec, this.ctx), this.ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const limit = concurrencyLimiter(this.spec.maxInFlight ?? 10);
    const { resources } = await discoverResources(this.client, limit, this.abort.signal);
    const wanted = (this.spec.watch ?? []).map((w) => w.kind);
    const kinds = new Set(wanted.length > 0 ? wanted : DEFAULT_WATCH_KINDS);
    const targets = targetResources(resources, this.spec).filter((r) => kinds.has(r.kind));
    const starts = await Promise.all(
      targets.map((r) => limit(() => listAll(this.client!, r, this.spec, this.abort.signal)).then((l) => ({ r, rv: l.resourceVersion }))),
    );
    this.loops = starts.map(({ r, rv }) => this.loop(r, rv, opts));
  }

  /** Stop every stream and wait for the last batch to be delivered. */
  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled(this.loops);
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      const opts = this.opts!;
      this.flushing = this.flushing.then(() => this.flush(opts));
    }
    await this.flushing;
    this.client?.close();
  }

  private async loop(r: ApiResource, startRv: string | undefined, opts: WatchOptions): Promise<void> {
    let rv = startRv;
    let backoff = 500;
    while (!this.abort.signal.aborted) {
      try {
        for await (const ev of this.client!.watch(
          listPath(r, this.spec.namespace),
          { resourceVersion: rv, labelSelector: this.spec.selector, fieldSelector: this.spec.fieldSelector },
          this.abort.signal,
        )) {
          backoff = 500;
          if (ev.type === 'ERROR') {
            if ((ev.object as { code?: number }).code === 410) rv = await this.relist(r, opts);
            continue;
          }
          const next = (ev.object.metadata as { resourceVersion?: string } | undefined)?.resourceVersion;
          if (next) rv = next;
          if (ev.type !== 'BOOKMARK') this.queue(r, normalizeObject(ev.object, r), ev.type === 'DELETED', opts);
        }
      } catch (err) {
        if (this.abort.signal.aborted) return;
        if (err instanceof KubeApiError && err.status === 410) rv = await this.relist(r, opts).catch(() => rv);
        opts.onError?.(err as Error);
        await new Promise((res) => setTimeout(res, backoff));
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  }

  /** The resource version expired: list again and report every object, then watch from the new version. */
  private async relist(r: ApiResource, opts: WatchOptions): Promise<string | undefined> {
    const list = await listAll(this.client!, r, this.spec, this.abort.signal);
    for (const obj of list.items) this.queue(r, obj, false, opts);
    return list.resourceVersion;
  }

  private queue(r: ApiResource, obj: KubeObject, deleted: boolean, opts: WatchOptions): void {
    if (objectExcluded(obj, exclusionsOf(this.spec))) return;
    if (isEventResource(r)) {
      const change = eventChange(obj, this.spec, exclusionsOf(this.spec));
      if (change) this.pending.push({ change });
    } else {
      const draft = objectDraft(obj, this.spec.clusterName, listPath(r, this.spec.namespace));
      if (deleted) draft.preset = { ...draft.preset, deleted_at: (this.ctx.now?.() ?? new Date()).toISOString(), delete_reason: 'deleted' };
      this.pending.push({ draft, obj });
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush(opts));
    }, opts.batchMs ?? 500);
  }

  private async flush(opts: WatchOptions): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const started = (this.ctx.now?.() ?? new Date()).toISOString();
    const out = new ExtractionOutput();
    const extractOpts = { scraper: this.label, full: this.config.full, scraperId: this.ctx.scraperId };
    const drafts = batch.flatMap((b) => (b.draft ? [b.draft] : []));
    extractDrafts(this.spec, drafts, extractOpts, out);
    for (const b of batch) {
      if (b.obj && b.draft)
        out.relationships.push(...kubeRelationships(b.obj, b.draft.preset!.id!, this.spec, this.ctx.scraperId).relationships);
    }
    const changes = batch.flatMap((b) => (b.change ? [b.change] : []));
    if (changes.length > 0) collectChanges(this.spec, changes, itemEnv({ config: null }), extractOpts, out);
    try {
      await opts.onResult(toScrapeResult(out, false, started, (this.ctx.now?.() ?? new Date()).toISOString()));
    } catch (err) {
      opts.onError?.(err as Error);
    }
  }
}
