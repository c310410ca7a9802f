import { afterEach, describe, expect, it } from 'vitest';
import { sampleClusterObjects, startKubeApi, type KubeApiPeer } from '../../../../../test/peers/kube-api.js';
import { StaticSecretResolver } from '../../context.js';
import { parseScrapeConfig } from '../../spec/parse-scrape-config.js';
import type { ScrapeResult } from '../../types.js';
import { KubernetesWatch } from './kubernetes-watch.js';

let peer: KubeApiPeer | undefined;
let watch: KubernetesWatch | undefined;
afterEach(async () => {
  await watch?.stop();
  await peer?.stop();
});

function config(kubeconfig: string, watchKinds?: string[]) {
  return parseScrapeConfig({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name: 'watch' },
    spec: {
      kubernetes: [
        {
          clusterName: 'test',
          kubeconfig: { value: kubeconfig },
          exclusions: { namespace: ['monitoring'] },
          ...(watchKinds ? { watch: watchKinds.map((kind) => ({ kind })) } : {}),
        },
      ],
    },
  });
}

/** Collect batches until `done` says enough arrived (or fail after 5 s). */
function collector(done: (all: ScrapeResult[]) => boolean) {
  const batches: ScrapeResult[] = [];
  let resolve!: () => void;
  const finished = new Promise<void>((r) => (resolve = r));
  const timeout = setTimeout(resolve, 5000);
  return {
    batches,
    finished,
    onResult(r: ScrapeResult) {
      batches.push(r);
      if (done(batches)) {
        clearTimeout(timeout);
        resolve();
      }
    },
  };
}

describe('KubernetesWatch', () => {
  it('reports modified, added and deleted objects as incremental results', async () => {
    peer = await startKubeApi(sampleClusterObjects());
    watch = new KubernetesWatch(config(peer.kubeconfig, ['Pod', 'ConfigMap', 'Event']), 0, {
      baseDir: '.',
      secrets: new StaticSecretResolver(),
    });
    const items = () => c.batches.flatMap((b) => b.configs);
    const c = collector(() => items().length >= 3 && c.batches.some((b) => b.changes.length > 0));
    await watch.start({ onResult: (r) => c.onResult(r), batchMs: 50 });
    const worker = sampleClusterObjects().find((o) => o.metadata.name === 'worker-1')!;
    peer.update({ ...worker, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } });
    peer.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'new-config', namespace: 'default' }, data: { a: '1' } });
    peer.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ignored', namespace: 'monitoring' }, data: {} });
    peer.remove('ConfigMap', 'default', 'app-config');
    peer.add({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'worker-1.started', namespace: 'default', uid: 'uid-event-started' },
      involvedObject: { kind: 'Pod', name: 'worker-1', namespace: 'default', uid: 'uid-pod-worker-1' },
      reason: 'Started',
      message: 'Started container main',
      type: 'Normal',
    });
    await c.finished;
    expect(c.batches.every((b) => b.complete === false)).toBe(true);
    const byName = Object.fromEntries(items().map((i) => [i.name, i]));
    expect(byName['worker-1']).toMatchObject({ health: 'healthy', status: 'Running' });
    expect(byName['new-config']).toMatchObject({ type: 'Kubernetes::ConfigMap', config: { data: { a: '1' } } });
    expect(byName['app-config']).toMatchObject({ delete_reason: 'deleted', deleted_at: expect.any(String) });
    expect(byName.ignored).toBeUndefined();
    expect(c.batches.flatMap((b) => b.changes)).toMatchObject([
      { external_id: 'uid-pod-worker-1', change_type: 'Started', severity: 'info' },
    ]);
  });

  it('relists after the resource version expires and keeps watching', async () => {
    peer = await startKubeApi(sampleClusterObjects());
    watch = new KubernetesWatch(config(peer.kubeconfig, ['ConfigMap']), 0, { baseDir: '.', secrets: new StaticSecretResolver() });
    const c = collector((all) => all.some((b) => b.configs.some((i) => i.name === 'after-relist')));
    const errors: Error[] = [];
    await watch.start({ onResult: (r) => c.onResult(r), onError: (e) => errors.push(e), batchMs: 20 });
    // Cut the stream, change and compact while it is away: the reconnect gets 410 Gone and must relist.
    peer.dropWatches();
    peer.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'missed', namespace: 'default' }, data: {} });
    peer.compact();
    await new Promise((r) => setTimeout(r, 800));
    peer.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after-relist', namespace: 'default' }, data: {} });
    await c.finished;
    const names = c.batches.flatMap((b) => b.configs).map((i) => i.name);
    expect(names).toContain('missed');
    expect(names).toContain('after-relist');
    expect(peer.requests.filter((p) => p.startsWith('/api/v1/configmaps?') && !p.includes('watch=')).length).toBeGreaterThanOrEqual(2);
  });

  it('rejects a spec entry that does not exist', () => {
    expect(() => new KubernetesWatch(config('x'), 3, { baseDir: '.', secrets: new StaticSecretResolver() })).toThrow(
      'spec.kubernetes[3] does not exist',
    );
  });
});
