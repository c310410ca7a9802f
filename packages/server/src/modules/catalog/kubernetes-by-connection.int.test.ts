// The Kubernetes scraper reaches its cluster through a stored `kubernetes` connection by
// `connection://default/<name>`, against the loopback Kubernetes API: items appear; once the connection is
// deleted the next run fails naming it and deletes nothing; a connection of another type is named by its type.
import type { ConfigItemRow } from '@ops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleClusterObjects, startKubeApi, type KubeApiPeer } from '../../test/peers/kube-api.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { applyScraper, postJson, runNow } from './catalog-test-helpers.js';

let s: TestServer;
let peer: KubeApiPeer;

beforeAll(async () => {
  [s, peer] = await Promise.all([startTestServer({ OPS_JOBS: 'false' }), startKubeApi(sampleClusterObjects())]);
});
afterAll(async () => {
  await Promise.all([s?.stop(), peer?.stop()]);
});

const scraperYaml = (name: string, connection: string) => `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: ${name}
spec:
  schedule: '@every 24h'
  kubernetes:
    - clusterName: c1
      connection: ${connection}
`;

async function createConnection(body: Record<string, unknown>): Promise<string> {
  const r = await postJson<{ id: string }>(s, '/api/connections', body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

const liveItems = async (scraperId: string) =>
  (await s.json<ConfigItemRow[]>(`/api/db/configs?scraper_id=eq.${scraperId}&deleted_at=is.null&order=name.asc`, { as: 'viewer' })).body;

describe('kubernetes scraper by connection://default/<name>', () => {
  it('scrapes through the connection; once it is deleted the run fails naming it and the items stay', async () => {
    const connectionId = await createConnection({ name: 'kube-target', type: 'kubernetes', certificate: peer.kubeconfig });
    const scraperId = await applyScraper(s, scraperYaml('kube-by-ref', 'connection://default/kube-target'));

    const first = await runNow(s, scraperId);
    expect(first.summary).toMatchObject({ status: 'SUCCESS', complete: true, errors: [] });
    const items = await liveItems(scraperId);
    expect(items.map((i) => `${i.type}/${i.name}`)).toEqual(
      expect.arrayContaining(['Kubernetes::Cluster/c1', 'Kubernetes::Pod/prometheus-0', 'Kubernetes::Deployment/web']),
    );
    expect(first.summary.created).toBe(items.length);

    expect((await s.request(`/api/connections/${connectionId}`, { method: 'DELETE' })).status).toBe(204);
    const failed = await runNow(s, scraperId);
    expect(failed.summary).toMatchObject({ complete: false, deleted: 0 });
    expect(failed.summary.errors.join('\n')).toContain('connection: connection://default/kube-target not found');
    expect((await liveItems(scraperId)).map((i) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
  });

  it('refuses a connection of another type, naming it', async () => {
    await createConnection({ name: 'not-kube', type: 'prometheus', url: 'http://127.0.0.1:1' });
    const scraperId = await applyScraper(s, scraperYaml('kube-by-wrong-type', 'connection://default/not-kube'));
    const run = await runNow(s, scraperId);
    expect(run.summary.complete).toBe(false);
    expect(run.summary.errors.join('\n')).toContain(
      'connection: connection://default/not-kube is a "prometheus" connection, not a kubernetes one',
    );
    expect(await liveItems(scraperId)).toEqual([]);
  });

  it('answers 400 naming the field when connection is not a connection:// reference', async () => {
    const r = await s.json<{ message?: string; error?: string }>('/api/resources/apply', {
      method: 'POST',
      headers: { 'content-type': 'application/yaml' },
      body: scraperYaml('kube-bad-ref', 'default/kube-target'),
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('spec.kubernetes[0].connection: must be a connection://namespace/name reference');
  });
});
