import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { sampleClusterObjects, startKubeApi, type KubeApiPeer } from '../../../test/peers/kube-api.js';
import { parseScrapeConfig, runScrape, StaticSecretResolver, type ScrapeContext, type ScrapeResult } from './index.js';

// Conformance: config-db's own ScrapeConfig fixtures, read from ../shared/conformance (never
// copied), run unchanged except that network targets are pointed at loopback peers.

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));
const CONFIG_DB = path.resolve(REPO, '../shared/conformance/config-db');

function fixture(name: string): Record<string, unknown> & { spec: Record<string, Array<Record<string, unknown>>> } {
  return parse(readFileSync(path.join(CONFIG_DB, 'fixtures', `${name}.yaml`), 'utf8'));
}

function ctx(extra: Partial<ScrapeContext> = {}): ScrapeContext {
  return {
    baseDir: CONFIG_DB,
    secrets: new StaticSecretResolver({ 'secret/api-credentials/key': 'test-key' }),
    scraperId: 'scraper-1',
    ...extra,
  };
}

async function scrape(doc: unknown, extra: Partial<ScrapeContext> = {}): Promise<ScrapeResult> {
  return runScrape(parseScrapeConfig(doc), ctx(extra));
}

describe('file fixtures with expected output', () => {
  for (const name of ['file-mask', 'file-postgres-properties', 'file-script-gotemplate']) {
    it(`${name} gives expected/${name}.json`, async () => {
      const expected = JSON.parse(readFileSync(path.join(CONFIG_DB, 'fixtures/expected', `${name}.json`), 'utf8')) as Array<
        Record<string, unknown>
      >;
      const result = await scrape(fixture(name));
      expect(result.errors).toEqual([]);
      expect(result.complete).toBe(true);
      expect(result.configs.map((c) => ({ id: c.id, type: c.type, config_class: c.config_class, config: c.config }))).toEqual(
        expected.map((e) => ({ id: e.id, type: e.config_type, config_class: e.config_class, config: e.config })),
      );
      for (const [i, e] of expected.entries()) if (e.name) expect(result.configs[i]!.name).toBe(e.name);
    });
  }
});

describe('file fixtures', () => {
  it('file-car scrapes the car by registration', async () => {
    const result = await scrape(fixture('file-car'));
    expect(result.configs).toMatchObject([
      { id: 'A123', name: 'A123', type: 'Car', config_class: 'Car', source: 'fixtures/data/car.json' },
    ]);
    expect(result.configs[0]!.config).toEqual(JSON.parse(readFileSync(path.join(CONFIG_DB, 'fixtures/data/car.json'), 'utf8')));
  });

  it('file-local and file-local-creation-date read YAML, JSONPath types and created/deleted times', async () => {
    const local = await scrape(fixture('file-local'));
    expect(local.configs).toMatchObject([{ id: 'eu-west-1', type: 'eu-west-1', config_class: 'eu-west-1' }]);
    const dated = await scrape(fixture('file-local-creation-date'));
    expect(dated.configs).toMatchObject([
      {
        id: 'eu-west-1',
        config_class: 'AWS',
        created_at: '2017-03-06T21:04:11.000Z',
        deleted_at: '2017-04-04T15:04:05.000Z',
        delete_reason: 'delete_field',
      },
    ]);
  });

  it('file-car-change (full mode): the document is not a config body, and the incomplete change is reported', async () => {
    const result = await scrape(fixture('file-car-change'));
    expect(result.configs).toEqual([]);
    // The upstream fixture predates external_change_id/change_type being required: warn, never drop silently.
    expect(result.warnings).toMatchObject([{ error: 'change missing external_change_id', count: 1 }]);
    expect(result.summary.changes).toMatchObject({ scraped: 1, skipped: 1 });
  });

  it('a missing path is an error that makes the scrape partial, the rest is still scraped', async () => {
    const doc = fixture('file-car');
    (doc.spec.file![0]!.paths as string[]).push('fixtures/data/no-such-car.json');
    const result = await scrape(doc);
    expect(result.configs.map((c) => c.id)).toEqual(['A123']);
    expect(result.errors).toEqual([
      { scraper: 'file[0]', item: 'fixtures/data/no-such-car.json', message: 'file not found: fixtures/data/no-such-car.json' },
    ]);
    expect(result.complete).toBe(false);
  });
});

describe('exec fixtures', () => {
  it('exec-simple: one item per element of the JSON list', async () => {
    const result = await scrape(fixture('exec-simple'));
    expect(result.configs.map((c) => [c.id, c.name, c.type])).toEqual([
      ['i-1234567890abcdef0', 'web-server-1', 'AWS::EC2::Instance'],
      ['i-0987654321fedcba0', 'db-server-1', 'AWS::EC2::Instance'],
    ]);
  });

  it('exec-yaml-output: YAML output is read as data', async () => {
    const result = await scrape(fixture('exec-yaml-output'));
    expect(result.configs).toMatchObject([{ id: 'production-cluster', name: 'production-cluster', type: 'Kubernetes::Cluster' }]);
    expect((result.configs[0]!.config as { spec: { addons: unknown[] } }).spec.addons).toHaveLength(2);
  });

  it('exec-env-transform: env vars reach the script, exclude drops a field, relationship expr links', async () => {
    const result = await scrape(fixture('exec-env-transform'));
    expect(result.errors).toEqual([]);
    expect(result.configs.map((c) => c.config)).toEqual([
      { id: 'resource-1', type: 'Custom::Resource', name: 'api-server', region: 'us-west-2', environment: 'staging' },
      { id: 'resource-2', type: 'Custom::Resource', name: 'worker-queue', region: 'us-west-2', environment: 'staging' },
    ]);
    expect(result.relationships.map((r) => [r.config.external_id, r.related.type, r.related.name])).toEqual([
      ['resource-1', 'Custom::Service', 'api-server-service'],
      ['resource-2', 'Custom::Service', 'worker-queue-service'],
    ]);
  });

  it('exec-env-transform without its secret fails with the secret named', async () => {
    const result = await scrape(fixture('exec-env-transform'), { secrets: new StaticSecretResolver() });
    expect(result.configs).toEqual([]);
    expect(result.errors).toEqual([{ scraper: 'exec[0]', message: 'env API_KEY: secret "api-credentials" key "key" not found' }]);
    expect(result.complete).toBe(false);
  });
});

describe('http fixture', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const todos = Array.from({ length: 20 }, (_, i) => ({ userId: 1, id: i + 1, title: `todo ${i + 1}`, completed: i % 2 === 0 }));
    server = http.createServer((req, res) => {
      if (req.url !== '/todos') return res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(todos));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('http-scraper (host rewritten to loopback) keeps todos with id <= 10 via the CEL transform', async () => {
    const doc = fixture('http-scraper');
    doc.spec.http![0]!.url = String(doc.spec.http![0]!.url).replace('https://jsonplaceholder.typicode.com', base);
    const result = await scrape(doc);
    expect(result.errors).toEqual([]);
    expect(result.configs).toHaveLength(10);
    expect(result.configs[0]).toMatchObject({ id: '1', name: 'todo 1', type: 'Todo::Task', config: { id: 1, title: 'todo 1' } });
    expect(result.configs.map((c) => c.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('an HTTP error status is a scrape error', async () => {
    const doc = fixture('http-scraper');
    doc.spec.http![0]!.url = `${base}/missing`;
    const result = await scrape(doc);
    expect(result.configs).toEqual([]);
    expect(result.errors[0]!.message).toBe('request returned HTTP 404: not found');
    expect(result.complete).toBe(false);
  });
});

describe('sql fixture', () => {
  it('sql.yaml against the integration PostgreSQL: one item from the json column picked by items', async () => {
    const doc = fixture('sql');
    doc.spec.sql![0]!.connection = inject('pgAdminUrl');
    const result = await scrape(doc);
    expect(result.errors).toEqual([]);
    expect(result.configs).toHaveLength(1);
    const item = result.configs[0]!;
    expect(item).toMatchObject({ id: 'incident_commander', type: 'Postgres::Database' });
    const config = item.config as { version: string; settings: Record<string, string>; roles: Record<string, string> };
    expect(config.version).toMatch(/^PostgreSQL \d+/);
    expect(typeof config.settings).toBe('object');
    expect(Object.keys(config.roles).length).toBeGreaterThan(0);
    expect(item.source).not.toContain(new URL(inject('pgAdminUrl')).password || '\u0000');
  });

  it('a failing query reports the error without the password', async () => {
    const doc = fixture('sql');
    doc.spec.sql![0]!.connection = inject('pgAdminUrl');
    doc.spec.sql![0]!.query = 'select * from no_such_table';
    const result = await scrape(doc);
    expect(result.errors[0]!.message).toContain('relation "no_such_table" does not exist');
    expect(result.complete).toBe(false);
  });
});

describe('kubernetes fixture against the loopback API', () => {
  let peer: KubeApiPeer;
  beforeAll(async () => {
    peer = await startKubeApi(sampleClusterObjects(), { listDelayMs: 20 });
  });
  afterAll(() => peer.stop());

  const kubeDoc = (maxInFlight?: number) => {
    const doc = fixture('kubernetes');
    Object.assign(doc.spec.kubernetes![0]!, { kubeconfig: { value: peer.kubeconfig } }, maxInFlight ? { maxInFlight } : {});
    return doc;
  };

  it('lists every resource, skips exclusions, derives health, relationships, properties and event changes', async () => {
    const result = await scrape(kubeDoc(2));
    expect(result.errors).toEqual([]);
    expect(result.complete).toBe(true);
    const names = result.configs.map((c) => `${c.type}/${c.name}`).sort();
    expect(names).toEqual(
      [
        'Kubernetes::Cluster/local-kind-cluster',
        'Kubernetes::ConfigMap/app-config',
        'Kubernetes::Deployment/web',
        'Kubernetes::Ingress/web',
        'Kubernetes::Namespace/default',
        'Kubernetes::Namespace/kube-system',
        'Kubernetes::Namespace/monitoring',
        'Kubernetes::Node/node-1',
        'Kubernetes::PersistentVolumeClaim/data-web',
        'Kubernetes::Pod/web-abc-1',
        'Kubernetes::Pod/worker-1',
        'Kubernetes::Service/web',
      ].sort(),
    );
    const byName = (type: string, name: string) => result.configs.find((c) => c.type === type && c.name === name)!;
    const web = byName('Kubernetes::Pod', 'web-abc-1');
    expect(web).toMatchObject({
      id: 'uid-pod-web-1',
      config_class: 'Pod',
      health: 'healthy',
      status: 'Running',
      tags: { cluster: 'local-kind-cluster', namespace: 'default' },
    });
    expect(web.external_id).toEqual(['uid-pod-web-1', 'Kubernetes/Pod/default/web-abc-1']);
    expect(web.parent).toEqual({ external_id: 'uid-rs-web-abc', type: 'Kubernetes::ReplicaSet' });
    expect((web.config as { metadata: Record<string, unknown> }).metadata.ownerReferences).toBeUndefined();
    expect((web.config as { metadata: Record<string, unknown> }).metadata.generateName).toBeUndefined();
    expect(web.properties).toEqual([
      {
        name: 'Logs',
        icon: 'opensearch',
        links: [{ text: 'opensearch', url: expect.stringContaining("kubernetes_pod_id:uid-pod-web-1'") }],
      },
    ]);
    expect(byName('Kubernetes::Pod', 'worker-1')).toMatchObject({ health: 'unhealthy', status: 'CrashLoopBackOff' });
    expect(byName('Kubernetes::Deployment', 'web')).toMatchObject({ health: 'healthy', status: 'Running' });
    expect(byName('Kubernetes::Node', 'node-1').properties[0]).toMatchObject({ name: 'Grafana' });
    const rel = result.relationships.map((r) => `${r.config.type}/${r.config.external_id} -> ${r.related.type}/${r.related.name}`);
    expect(rel).toContain('Kubernetes::Service/uid-service-default-web -> Kubernetes::Deployment/web');
    expect(rel).toContain('Kubernetes::Pod/uid-pod-web-1 -> Kubernetes::PersistentVolumeClaim/data-web');
    expect(rel).toContain('Kubernetes::Pod/uid-pod-web-1 -> Kubernetes::Node/node-1');
    // "Back-off restarting failed container": the error keyword "failed" outranks the warn keyword "backoff".
    expect(result.changes).toMatchObject([
      {
        external_id: 'uid-pod-worker-1',
        config_type: 'Kubernetes::Pod',
        change_type: 'BackOff',
        severity: 'high',
        external_change_id: 'uid-event-backoff',
        source: 'kubernetes/kubelet',
      },
    ]);
    expect(peer.maxInFlight).toBeLessThanOrEqual(2);
    expect(peer.requests.some((p) => p.includes('pods/log') || p.includes('bindings'))).toBe(false);
    expect(peer.requests.some((p) => p.startsWith('/api/v1/secrets') || p.startsWith('/apis/apps/v1/replicasets'))).toBe(false);
  });

  it('a failing list makes the scrape partial and keeps what was listed', async () => {
    peer.failList('deployments', 500);
    try {
      const result = await scrape(kubeDoc());
      expect(result.complete).toBe(false);
      expect(result.errors).toMatchObject([
        { scraper: 'kubernetes[0]', item: '/apis/apps/v1/deployments', message: expect.stringContaining('HTTP 500') },
      ]);
      expect(result.configs.some((c) => c.type === 'Kubernetes::Deployment')).toBe(false);
      expect(result.configs.some((c) => c.name === 'worker-1')).toBe(true);
    } finally {
      peer.failList('deployments', undefined);
    }
  });

  it('bad credentials are an error, not an empty cluster', async () => {
    const doc = kubeDoc();
    doc.spec.kubernetes![0]!.kubeconfig = { value: peer.kubeconfig.replace(peer.token, 'wrong') };
    const result = await scrape(doc);
    expect(result.configs).toEqual([]);
    expect(result.errors[0]!.message).toContain('HTTP 401');
    expect(result.complete).toBe(false);
  });
});
