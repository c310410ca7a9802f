import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleClusterObjects, startKubeApi, type KubeApiPeer } from '../../../../../test/peers/kube-api.js';
import { StaticSecretResolver } from '../../context.js';
import { kubernetesScraperSchema } from '../../spec/scrapers.schema.js';
import { eventSeverity } from './kube-events.js';
import { kubernetesScraper } from './kubernetes.scraper.js';

let peer: KubeApiPeer;
beforeAll(async () => {
  peer = await startKubeApi(sampleClusterObjects());
});
afterAll(() => peer.stop());

const ctx = { baseDir: '.', secrets: new StaticSecretResolver() };
const run = (extra: Record<string, unknown>) =>
  kubernetesScraper.scrape(
    kubernetesScraperSchema.parse({ clusterName: 'c1', kubeconfig: { value: peer.kubeconfig }, ...extra }),
    ctx,
    'kubernetes[0]',
  );
const names = (drafts: Array<{ preset?: { type?: string; name?: string } }>) =>
  drafts.map((d) => `${d.preset?.type}/${d.preset?.name}`).sort();

describe('kubernetes scraper', () => {
  it('with a namespace lists only namespaced resources there (the cluster item is always present)', async () => {
    peer.requests.length = 0;
    const result = await run({ namespace: 'monitoring' });
    expect(result.errors).toEqual([]);
    expect(names(result.drafts)).toEqual(['Kubernetes::Cluster/c1', 'Kubernetes::Pod/prometheus-0']);
    expect(peer.requests.filter((p) => p.startsWith('/api/v1/nodes') || p.startsWith('/api/v1/namespaces?'))).toEqual([]);
  });

  it('passes label and field selectors to every list', async () => {
    const byLabel = await run({ selector: 'app=web' });
    expect(names(byLabel.drafts)).toEqual(['Kubernetes::Cluster/c1', 'Kubernetes::Deployment/web', 'Kubernetes::Pod/web-abc-1']);
    const byField = await run({ fieldSelector: 'metadata.name=worker-1' });
    expect(names(byField.drafts)).toEqual(['Kubernetes::Cluster/c1', 'Kubernetes::Pod/worker-1']);
    // Events are filtered by the same selector (their own names), as the API server does.
    expect(byField.drafts.find((d) => d.preset?.name === 'worker-1')!.changes).toBeUndefined();
  });

  it('rates events by keywords, then by their type', () => {
    const kw = { error: ['failed'], warn: ['backoff'] };
    expect(eventSeverity({ reason: 'BackOff', message: 'Back-off pulling image', type: 'Warning' }, kw)).toBe('medium');
    expect(eventSeverity({ reason: 'Failed', message: 'x', type: 'Warning' }, kw)).toBe('high');
    expect(eventSeverity({ reason: 'Unhealthy', message: 'probe', type: 'Warning' }, kw)).toBe('low');
    expect(eventSeverity({ reason: 'Pulled', message: 'ok', type: 'Normal' }, undefined)).toBe('info');
  });

  it('sets kind and apiVersion on listed objects and parents them to owner, namespace or cluster', async () => {
    const result = await run({ exclusions: { kind: ['Event'] } });
    const pod = result.drafts.find((d) => d.preset?.name === 'worker-1')!;
    expect(pod.config).toMatchObject({ apiVersion: 'v1', kind: 'Pod' });
    expect(pod.preset!.parent).toEqual({ external_id: 'Kubernetes/Namespace//default', type: 'Kubernetes::Namespace' });
    expect(result.drafts.find((d) => d.preset?.type === 'Kubernetes::Node')!.preset!.parent).toEqual({
      external_id: 'Kubernetes/Cluster/c1',
      type: 'Kubernetes::Cluster',
    });
    expect(result.drafts.some((d) => d.changes?.length)).toBe(false);
    expect(result.drafts.find((d) => d.preset?.type === 'Kubernetes::Cluster')!.config).toMatchObject({
      name: 'c1',
      version: { gitVersion: 'v1.29.0' },
    });
  });
});
