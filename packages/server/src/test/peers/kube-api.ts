import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback Kubernetes API server for tests: discovery (/api, /apis), list (cluster-wide and
// per namespace, label/field selectors, limit/continue paging) and watch (newline-delimited JSON
// events from a resourceVersion, 410 once compacted), pod logs (timestamps, tailLines, sinceSeconds),
// bearer-token auth, and failure injection.

export type KubeObject = Record<string, unknown> & {
  kind: string;
  apiVersion: string;
  metadata: { name: string; namespace?: string; uid?: string; resourceVersion?: string; labels?: Record<string, string> } & Record<
    string,
    unknown
  >;
};

interface ResourceDef {
  plural: string;
  kind: string;
  namespaced: boolean;
  verbs?: string[];
}

const GROUPS: Record<string, ResourceDef[]> = {
  v1: [
    { plural: 'namespaces', kind: 'Namespace', namespaced: false },
    { plural: 'nodes', kind: 'Node', namespaced: false },
    { plural: 'persistentvolumes', kind: 'PersistentVolume', namespaced: false },
    { plural: 'pods', kind: 'Pod', namespaced: true },
    { plural: 'pods/log', kind: 'Pod', namespaced: true, verbs: ['get'] },
    { plural: 'bindings', kind: 'Binding', namespaced: true, verbs: ['create'] },
    { plural: 'services', kind: 'Service', namespaced: true },
    { plural: 'configmaps', kind: 'ConfigMap', namespaced: true },
    { plural: 'secrets', kind: 'Secret', namespaced: true },
    { plural: 'persistentvolumeclaims', kind: 'PersistentVolumeClaim', namespaced: true },
    { plural: 'events', kind: 'Event', namespaced: true },
  ],
  'apps/v1': [
    { plural: 'deployments', kind: 'Deployment', namespaced: true },
    { plural: 'replicasets', kind: 'ReplicaSet', namespaced: true },
    { plural: 'statefulsets', kind: 'StatefulSet', namespaced: true },
    { plural: 'daemonsets', kind: 'DaemonSet', namespaced: true },
  ],
  'networking.k8s.io/v1': [{ plural: 'ingresses', kind: 'Ingress', namespaced: true }],
  'batch/v1': [{ plural: 'jobs', kind: 'Job', namespaced: true }],
  'events.k8s.io/v1': [{ plural: 'events', kind: 'Event', namespaced: true }],
};

export interface KubeApiPeer {
  url: string;
  token: string;
  /** A kubeconfig (YAML) pointing at this server with its token. */
  kubeconfig: string;
  /** Paths of every request, in order. */
  requests: string[];
  /** The most list requests that were in flight at once. */
  maxInFlight: number;
  add(obj: KubeObject): KubeObject;
  update(obj: KubeObject): KubeObject;
  remove(kind: string, namespace: string | undefined, name: string): void;
  /** Make lists of this plural answer with the status (e.g. 500) until cleared with undefined. */
  failList(plural: string, status: number | undefined): void;
  /** Forget watch history: watches from older resource versions get 410 Gone. */
  compact(): void;
  /** Cut every open watch stream (clients must reconnect). */
  dropWatches(): void;
  stop(): Promise<void>;
}

function matchesLabels(labels: Record<string, string>, selector: string): boolean {
  return selector
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .every((term) => {
      const ne = /^([^!=]+)!=(.*)$/.exec(term);
      if (ne) return labels[ne[1]!.trim()] !== ne[2]!.trim();
      const eq = /^([^!=]+)==?(.*)$/.exec(term);
      if (eq) return labels[eq[1]!.trim()] === eq[2]!.trim();
      return term.startsWith('!') ? labels[term.slice(1)] === undefined : labels[term] !== undefined;
    });
}

function matchesFields(obj: KubeObject, selector: string): boolean {
  return selector
    .split(',')
    .filter(Boolean)
    .every((term) => {
      const m = /^([^!=]+)(!=|==|=)(.*)$/.exec(term);
      if (!m) return true;
      const actual =
        m[1] === 'metadata.name' ? obj.metadata.name : m[1] === 'metadata.namespace' ? (obj.metadata.namespace ?? '') : undefined;
      return m[2] === '!=' ? actual !== m[3] : actual === m[3];
    });
}

/** Start the server with an initial set of objects (each needs kind, apiVersion and metadata.name). */
export async function startKubeApi(
  initial: KubeObject[] = [],
  opts: {
    token?: string;
    listDelayMs?: number;
    /** Log lines by `namespace/pod`: [RFC 3339 nano time, text], oldest first as the kubelet keeps them. */
    podLogs?: Record<string, Array<[string, string]>>;
  } = {},
): Promise<KubeApiPeer> {
  const token = opts.token ?? 'kube-test-token';
  const objects = new Map<string, KubeObject>();
  const history: Array<{ rv: number; type: string; object: KubeObject }> = [];
  let compactedAt = 0;
  let rv = 1;
  const failures = new Map<string, number>();
  const watchers = new Set<(e: { type: string; object: KubeObject }) => void>();
  const open = new Set<http.ServerResponse>();
  let inFlight = 0;
  const key = (kind: string, ns: string | undefined, name: string) => `${kind}/${ns ?? ''}/${name}`;

  const emit = (type: string, object: KubeObject) => {
    history.push({ rv, type, object });
    for (const w of watchers) w({ type, object });
  };
  const store = (obj: KubeObject, type: 'ADDED' | 'MODIFIED'): KubeObject => {
    rv++;
    const copy = structuredClone(obj);
    copy.metadata.uid ??= `uid-${obj.kind}-${obj.metadata.namespace ?? ''}-${obj.metadata.name}`.toLowerCase();
    copy.metadata.resourceVersion = String(rv);
    objects.set(key(obj.kind, obj.metadata.namespace, obj.metadata.name), copy);
    emit(type, copy);
    return copy;
  };
  for (const o of initial) store(o, 'ADDED');

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const status = (code: number, message: string) => ({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message, code });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    peer.requests.push(url.pathname + url.search);
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, status(401, 'Unauthorized'));
    const p = url.pathname;
    if (p === '/version') return send(res, 200, { major: '1', minor: '29', gitVersion: 'v1.29.0' });
    if (p === '/api') return send(res, 200, { kind: 'APIVersions', versions: ['v1'] });
    if (p === '/apis') {
      const groups = Object.keys(GROUPS)
        .filter((gv) => gv.includes('/'))
        .map((gv) => ({
          name: gv.split('/')[0],
          versions: [{ groupVersion: gv, version: gv.split('/')[1] }],
          preferredVersion: { groupVersion: gv, version: gv.split('/')[1] },
        }));
      return send(res, 200, { kind: 'APIGroupList', groups });
    }
    const log = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/log$/.exec(p);
    if (log) {
      const [ns, name] = [log[1]!, decodeURIComponent(log[2]!)];
      if (!objects.has(key('Pod', ns, name))) return send(res, 404, { ...status(404, `pods "${name}" not found`), reason: 'NotFound' });
      let lines = opts.podLogs?.[`${ns}/${name}`] ?? [];
      const since = url.searchParams.get('sinceSeconds');
      if (since) lines = lines.filter(([t]) => Date.parse(t) >= Date.now() - Number(since) * 1000);
      const tail = url.searchParams.get('tailLines');
      if (tail) lines = lines.slice(-Number(tail));
      const stamped = url.searchParams.get('timestamps') === 'true';
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(lines.map(([t, text]) => (stamped ? `${t} ${text}\n` : `${text}\n`)).join(''));
      return;
    }
    const m = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))(?:\/namespaces\/([^/]+))?(?:\/([^/]+))?$/.exec(p);
    const gv = m ? (m[1] ?? m[2]!) : undefined;
    if (!m || !gv || !GROUPS[gv]) return send(res, 404, status(404, `the server could not find the requested resource ${p}`));
    if (!m[4])
      return send(res, 200, {
        kind: 'APIResourceList',
        groupVersion: gv,
        resources: GROUPS[gv]!.map((r) => ({
          name: r.plural,
          kind: r.kind,
          namespaced: r.namespaced,
          verbs: r.verbs ?? ['get', 'list', 'watch'],
        })),
      });
    const def = GROUPS[gv]!.find((r) => r.plural === m[4]);
    if (!def) return send(res, 404, status(404, `the server could not find the requested resource ${p}`));
    const ns = m[3];
    const labelSel = url.searchParams.get('labelSelector') ?? '';
    const fieldSel = url.searchParams.get('fieldSelector') ?? '';
    const selected = (o: KubeObject) =>
      o.kind === def.kind &&
      o.apiVersion === gv &&
      (!ns || o.metadata.namespace === ns) &&
      matchesLabels(o.metadata.labels ?? {}, labelSel) &&
      matchesFields(o, fieldSel);
    if (url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1') {
      const from = Number(url.searchParams.get('resourceVersion') ?? rv);
      res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      open.add(res);
      res.on('close', () => open.delete(res));
      if (from < compactedAt) {
        res.end(`${JSON.stringify({ type: 'ERROR', object: status(410, 'too old resource version') })}\n`);
        return;
      }
      const write = (e: { type: string; object: KubeObject }) => selected(e.object) && res.write(`${JSON.stringify(e)}\n`);
      for (const h of history) if (h.rv > from) write(h);
      watchers.add(write);
      res.on('close', () => watchers.delete(write));
      return;
    }
    const failure = failures.get(def.plural);
    if (failure) return send(res, failure, status(failure, `injected failure listing ${def.plural}`));
    inFlight++;
    peer.maxInFlight = Math.max(peer.maxInFlight, inFlight);
    if (opts.listDelayMs) await new Promise((r) => setTimeout(r, opts.listDelayMs));
    inFlight--;
    const all = [...objects.values()]
      .filter(selected)
      .sort((a, b) => key(a.kind, a.metadata.namespace, a.metadata.name).localeCompare(key(b.kind, b.metadata.namespace, b.metadata.name)));
    const limit = Number(url.searchParams.get('limit') ?? 0) || all.length || 1;
    const start = Number(url.searchParams.get('continue') ?? 0);
    const page = all.slice(start, start + limit).map(({ kind: _k, apiVersion: _a, ...rest }) => rest);
    const next = start + limit < all.length ? String(start + limit) : undefined;
    return send(res, 200, {
      kind: `${def.kind}List`,
      apiVersion: gv,
      metadata: { resourceVersion: String(rv), ...(next ? { continue: next } : {}) },
      items: page,
    });
  };
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: KubeApiPeer = {
    url,
    token,
    kubeconfig: [
      'apiVersion: v1',
      'kind: Config',
      'current-context: test',
      'clusters: [{name: test, cluster: {server: "' + url + '"}}]',
      'users: [{name: test, user: {token: "' + token + '"}}]',
      'contexts: [{name: test, context: {cluster: test, user: test}}]',
      '',
    ].join('\n'),
    requests: [],
    maxInFlight: 0,
    add: (obj) => store(obj, 'ADDED'),
    update: (obj) => store(obj, 'MODIFIED'),
    remove(kind, namespace, name) {
      const k = key(kind, namespace, name);
      const obj = objects.get(k);
      if (!obj) return;
      objects.delete(k);
      rv++;
      emit('DELETED', { ...obj, metadata: { ...obj.metadata, resourceVersion: String(rv) } });
    },
    failList: (plural, code) => (code === undefined ? failures.delete(plural) : failures.set(plural, code)),
    compact: () => {
      compactedAt = rv;
      history.length = 0;
    },
    dropWatches: () => {
      for (const res of open) res.destroy();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return peer;
}

const ready = [{ type: 'Ready', status: 'True' }];
const apiAccess = { name: 'kube-api-access', projected: { sources: [] } };
const pod = (ns: string, name: string, extra: Record<string, unknown>, labels: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: ns, labels, creationTimestamp: '2024-05-01T10:00:00Z' },
  spec: { nodeName: 'node-1', restartPolicy: 'Always', volumes: [apiAccess], containers: [{ name: 'main', image: 'nginx:1.25' }] },
  status: { phase: 'Running', conditions: ready },
  ...extra,
});

/**
 * A small cluster: namespaces, a node, a deployment with its replica set and pods (one crash
 * looping), a service, a PVC, an ingress, a secret, a config map, events, and objects that the
 * conformance fixture's exclusions (name, namespace, label, kind) must skip.
 */
export function sampleClusterObjects(): KubeObject[] {
  const ns = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, status: { phase: 'Active' } });
  return [
    ns('default'),
    ns('kube-system'),
    ns('monitoring'),
    {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'node-1', labels: { 'kubernetes.io/hostname': 'node-1' } },
      spec: {},
      status: { conditions: ready },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default', uid: 'uid-deploy-web', generation: 1, labels: { app: 'web' } },
      spec: { replicas: 2, selector: { matchLabels: { app: 'web' } } },
      status: { observedGeneration: 1, replicas: 2, updatedReplicas: 2, availableReplicas: 2, readyReplicas: 2 },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: 'web-abc',
        namespace: 'default',
        uid: 'uid-rs-web-abc',
        ownerReferences: [{ uid: 'uid-deploy-web', kind: 'Deployment', name: 'web', controller: true }],
      },
      spec: { replicas: 2 },
      status: { readyReplicas: 2 },
    },
    pod('default', 'web-abc-1', {
      metadata: {
        name: 'web-abc-1',
        namespace: 'default',
        uid: 'uid-pod-web-1',
        generateName: 'web-abc-',
        labels: { app: 'web' },
        ownerReferences: [{ uid: 'uid-rs-web-abc', kind: 'ReplicaSet', name: 'web-abc', controller: true }],
      },
      spec: {
        nodeName: 'node-1',
        restartPolicy: 'Always',
        volumes: [apiAccess, { name: 'data', persistentVolumeClaim: { claimName: 'data-web' } }],
        containers: [{ name: 'web', image: 'nginx:1.25' }],
      },
    }),
    pod('default', 'worker-1', {
      metadata: { name: 'worker-1', namespace: 'default', uid: 'uid-pod-worker-1' },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'False' }],
        containerStatuses: [{ name: 'main', restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } } }],
      },
    }),
    pod('default', 'junit-123', {}),
    pod('monitoring', 'prometheus-0', {}),
    pod('default', 'http-check-1', {}, { 'canary-checker.flanksource.com/generated': 'true' }),
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'default' },
      spec: { type: 'ClusterIP', selector: { name: 'web' }, ports: [{ port: 80 }] },
    },
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'db-password', namespace: 'default' }, data: { password: 'c2VjcmV0' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app-config', namespace: 'default' }, data: { LOG_LEVEL: 'info' } },
    {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data-web', namespace: 'default' },
      spec: { resources: { requests: { storage: '1Gi' } } },
      status: { phase: 'Bound' },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'web', namespace: 'default' },
      spec: { rules: [{ host: 'web.local' }] },
      status: { loadBalancer: { ingress: [{ ip: '10.0.0.10' }] } },
    },
    {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'worker-1.backoff', namespace: 'default', uid: 'uid-event-backoff', creationTimestamp: '2024-05-01T10:05:00Z' },
      involvedObject: { kind: 'Pod', name: 'worker-1', namespace: 'default', uid: 'uid-pod-worker-1' },
      reason: 'BackOff',
      message: 'Back-off restarting failed container main',
      type: 'Warning',
      source: { component: 'kubelet', host: 'node-1' },
      lastTimestamp: '2024-05-01T10:05:00Z',
    },
    {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web-abc.create', namespace: 'default', uid: 'uid-event-create' },
      involvedObject: { kind: 'ReplicaSet', name: 'web-abc', namespace: 'default', uid: 'uid-rs-web-abc' },
      reason: 'SuccessfulCreate',
      message: 'Created pod: web-abc-1',
      type: 'Normal',
      source: { component: 'replicaset-controller' },
    },
  ];
}
