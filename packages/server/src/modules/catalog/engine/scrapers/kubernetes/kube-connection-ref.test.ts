import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleClusterObjects, startKubeApi, type KubeApiPeer } from '../../../../../test/peers/kube-api.js';
import { testCertificate, type TestCertificate } from '../../../../../test/peers/tls-cert.js';
import { StaticSecretResolver, type ConnectionResolver, type ResolvedConnection, type ScrapeContext } from '../../context.js';
import { parseScrapeConfig } from '../../spec/parse-scrape-config.js';
import { kubernetesScraperSchema } from '../../spec/scrapers.schema.js';
import type { ScrapeResult } from '../../types.js';
import { kubernetesScraper } from './kubernetes.scraper.js';
import { KubernetesWatch } from './kubernetes-watch.js';

// `connection: connection://namespace/name` on a kubernetes scraper, resolved through a static resolver
// (as the connections area's would) against the loopback Kubernetes API; a TLS front of that peer
// checks that the connection's url overrides the kubeconfig's server and that insecure_tls is honoured.

let peer: KubeApiPeer;
let cert: TestCertificate;
let tlsFront: https.Server;
let tlsUrl: string;

beforeAll(async () => {
  [peer, cert] = await Promise.all([startKubeApi(sampleClusterObjects()), testCertificate()]);
  const target = new URL(peer.url);
  tlsFront = https.createServer({ cert: cert.cert, key: cert.key }, (req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => tlsFront.listen(0, '127.0.0.1', resolve));
  tlsUrl = `https://127.0.0.1:${(tlsFront.address() as AddressInfo).port}`;
});
afterAll(async () => {
  tlsFront.closeAllConnections();
  await new Promise((resolve) => tlsFront.close(resolve));
  await peer.stop();
});

/** A kubeconfig for the peer's token whose cluster server is `server`. */
const kubeconfigFor = (server: string) => peer.kubeconfig.replace(peer.url, server);

/** Resolves `namespace/name` from a fixed map, a bare name in the scraper's namespace. */
function staticResolver(connections: Record<string, ResolvedConnection>): ConnectionResolver {
  return {
    async resolve(name, namespace) {
      return connections[name.includes('/') ? name : `${namespace ?? 'default'}/${name}`];
    },
  };
}

function context(connections: Record<string, ResolvedConnection>): ScrapeContext {
  return { baseDir: '.', namespace: 'default', secrets: new StaticSecretResolver(), connections: staticResolver(connections) };
}

const kube = (fields: Partial<ResolvedConnection>): ResolvedConnection => ({ type: 'kubernetes', url: '', ...fields });

const scrape = (entry: Record<string, unknown>, ctx: ScrapeContext) =>
  kubernetesScraper.scrape(kubernetesScraperSchema.parse({ clusterName: 'c1', ...entry }), ctx, 'kubernetes[0]');

const names = (drafts: Array<{ preset?: { type?: string; name?: string } }>) =>
  drafts.map((d) => `${d.preset?.type}/${d.preset?.name}`).sort();

describe('kubernetes scraper with connection://namespace/name', () => {
  it("scrapes through the stored connection's kubeconfig, in preference to the entry's own kubeconfig", async () => {
    const ctx = context({ 'default/k8s': kube({ certificate: peer.kubeconfig }) });
    const result = await scrape({ connection: 'connection://default/k8s', namespace: 'monitoring' }, ctx);
    expect(result.errors).toEqual([]);
    expect(names(result.drafts)).toEqual(['Kubernetes::Cluster/c1', 'Kubernetes::Pod/prometheus-0']);
    // A bare name is looked up in the scraper's namespace; `kubeconfig` (a file that is not there) is not read.
    const bare = await scrape({ connection: 'connection://k8s', kubeconfig: 'no-such-kubeconfig.yaml', namespace: 'monitoring' }, ctx);
    expect(bare.errors).toEqual([]);
    expect(bare.complete).toBe(true);
  });

  it('fails naming a missing connection, and one of another type by its type', async () => {
    const ctx = context({ 'default/pg': { type: 'postgres', url: 'postgres://127.0.0.1/x' } });
    const missing = await scrape({ connection: 'connection://default/nope' }, ctx);
    expect(missing).toEqual({
      drafts: [],
      errors: [{ scraper: 'kubernetes[0]', message: 'connection: connection://default/nope not found' }],
      complete: false,
    });
    const wrongType = await scrape({ connection: 'connection://default/pg' }, ctx);
    expect(wrongType.errors.map((e) => e.message)).toEqual([
      'connection: connection://default/pg is a "postgres" connection, not a kubernetes one',
    ]);
    const noResolver = await scrape({ connection: 'connection://default/k8s' }, { baseDir: '.', secrets: new StaticSecretResolver() });
    expect(noResolver.errors.map((e) => e.message)).toEqual([
      'connection: cannot resolve connection://default/k8s: no connections are configured',
    ]);
  });

  it('names the connection when what it holds cannot be used', async () => {
    const ctx = context({
      'default/broken': kube({ certificate: 'clusters: []\ncontexts: []' }),
      'default/empty': kube({}),
    });
    expect((await scrape({ connection: 'connection://default/broken' }, ctx)).errors.map((e) => e.message)).toEqual([
      'connection: connection://default/broken: kubeconfig: context "" not found',
    ]);
    expect((await scrape({ connection: 'connection://default/empty' }, ctx)).errors.map((e) => e.message)).toEqual([
      'connection: connection://default/empty: neither a kubeconfig nor an API server url is set',
    ]);
  });

  it("lets the connection's url override the kubeconfig's server and honours insecure_tls", async () => {
    // The kubeconfig points at a closed port; only the url (the TLS front, self-signed) reaches the peer.
    const kubeconfig = kubeconfigFor('http://127.0.0.1:1');
    const ctx = context({
      'default/insecure': kube({ certificate: kubeconfig, url: tlsUrl, insecure_tls: true }),
      'default/verified': kube({ certificate: kubeconfig, url: tlsUrl }),
      'default/token-and-ca': kube({ url: tlsUrl, certificate: cert.cert, password: peer.token }),
    });
    const insecure = await scrape({ connection: 'connection://default/insecure', namespace: 'monitoring' }, ctx);
    expect(insecure.errors).toEqual([]);
    expect(names(insecure.drafts)).toEqual(['Kubernetes::Cluster/c1', 'Kubernetes::Pod/prometheus-0']);

    const verified = await scrape({ connection: 'connection://default/verified', namespace: 'monitoring' }, ctx);
    expect(verified.complete).toBe(false);
    expect(verified.errors.map((e) => e.message).join('\n')).toMatch(/self[- ]signed certificate/);

    // No kubeconfig: the url with the PEM CA it trusts and the password as bearer token.
    const withCa = await scrape({ connection: 'connection://default/token-and-ca', namespace: 'monitoring' }, ctx);
    expect(withCa.errors).toEqual([]);
    expect(names(withCa.drafts)).toEqual(['Kubernetes::Cluster/c1', 'Kubernetes::Pod/prometheus-0']);
  });

  it('is refused by the schema unless it is a connection:// reference', () => {
    const parsed = kubernetesScraperSchema.safeParse({ clusterName: 'c1', connection: 'default/k8s' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'connection: must be a connection://namespace/name reference',
    ]);
  });
});

describe('kubernetes watch with connection://namespace/name', () => {
  const config = (connection: string) =>
    parseScrapeConfig({
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata: { name: 'watch-by-ref' },
      spec: { kubernetes: [{ clusterName: 'c1', connection, watch: [{ kind: 'ConfigMap' }] }] },
    });

  it('watches through the stored connection', async () => {
    const ctx = context({ 'default/k8s': kube({ certificate: kubeconfigFor('http://127.0.0.1:1'), url: peer.url }) });
    const watch = new KubernetesWatch(config('connection://default/k8s'), 0, ctx);
    const batches: ScrapeResult[] = [];
    let arrived!: () => void;
    const got = new Promise<void>((resolve) => (arrived = resolve));
    try {
      await watch.start({ batchMs: 20, onResult: (r) => void (batches.push(r), arrived()) });
      peer.add({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-ref', namespace: 'default' }, data: { a: '1' } });
      await Promise.race([got, new Promise((resolve) => setTimeout(resolve, 5000))]);
    } finally {
      await watch.stop();
    }
    expect(batches.flatMap((b) => b.configs.map((c) => c.name))).toContain('by-ref');
  });

  it('does not start when the connection is missing, naming it', async () => {
    const watch = new KubernetesWatch(config('connection://default/gone'), 0, context({}));
    await expect(watch.start({ onResult: () => undefined })).rejects.toThrow('connection: connection://default/gone not found');
    await watch.stop();
  });
});
