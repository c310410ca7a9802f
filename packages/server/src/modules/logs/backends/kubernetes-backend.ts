// The `kubernetes` log backend: pod logs through a stored kubernetes connection. The pods are the
// spec's pod, or those matching the spec's and the selector's labels; each is read with
// timestamps=true, sinceSeconds for the start and a tail of the newest lines (the log API cannot page
// backwards), merged newest first and paged below the oldest line served.
import type { KubernetesBackendSpec } from '@ops/shared';
import { badRequest } from '../../../http/errors.js';
import { KubeClient, storedKubeConnection, type KubeConnection } from '../../catalog/index.js';
import type { BackendContext, LogBackend, LogsPage, LogsPageRequest } from '../log-backend.js';
import { backendFailed, causeOf } from '../backend-errors.js';
import { buildLine, containsText } from '../line-build.js';
import type { LogLine } from '../lines/index.js';
import { BACKEND_TIMEOUT_MS, connectionName } from './endpoint.js';

/** Newest lines read per pod. */
export const KUBE_TAIL_LINES = 10_000;
/** The most bytes of log text read from one pod. */
export const KUBE_LOG_LIMIT_BYTES = 32 * 1024 * 1024;
/** Pods read at most when a label selector matches many. */
export const KUBE_MAX_PODS = 20;

interface KubePosition {
  /** Time (ns) of the oldest line served. */
  e: string;
  /** Ids served at that time. */
  s: string[];
}

const TIMESTAMPED = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d) (.*)$/s;

/** An RFC 3339 time with up to nanoseconds as nanoseconds since the epoch. */
function nanos(seconds: string, fraction: string | undefined, zone: string): bigint | undefined {
  const ms = Date.parse(`${seconds}${zone}`);
  if (Number.isNaN(ms)) return undefined;
  return BigInt(ms) * 1_000_000n + BigInt((fraction ?? '').padEnd(9, '0'));
}

function position(cursor: unknown): KubePosition | undefined {
  if (cursor === undefined) return undefined;
  const p = cursor as KubePosition | null;
  if (!p || typeof p.e !== 'string' || !/^\d+$/.test(p.e) || !Array.isArray(p.s)) throw badRequest('cursor: not a pod log position');
  return p;
}

async function connect(ctx: BackendContext, spec: KubernetesBackendSpec): Promise<KubeConnection> {
  if (!ctx.connections) throw badRequest('spec.kubernetes.connection: no connection store is configured');
  let found: Awaited<ReturnType<NonNullable<BackendContext['connections']>['resolve']>>;
  try {
    found = await ctx.connections.resolve(connectionName(spec.connection), 'default');
  } catch (err) {
    throw badRequest(`spec.kubernetes.connection: ${causeOf(err)}`);
  }
  if (!found) throw badRequest(`spec.kubernetes.connection: connection ${spec.connection} not found`);
  if (found.type !== 'kubernetes')
    throw badRequest(`spec.kubernetes.connection: ${spec.connection} is a ${found.type ?? 'untyped'} connection, not a kubernetes one`);
  try {
    return await storedKubeConnection(found, process.cwd());
  } catch (err) {
    throw badRequest(`spec.kubernetes.connection: ${causeOf(err)}`);
  }
}

/** A pod log backend over a kubernetes connection. */
export function kubernetesBackend(name: string, spec: KubernetesBackendSpec, ctx: BackendContext): LogBackend {
  return {
    name,
    async page(req: LogsPageRequest): Promise<LogsPage> {
      const pos = position(req.cursor);
      const conn = await connect(ctx, spec);
      const ns = encodeURIComponent(spec.namespace);
      const labels = { ...spec.labels, ...req.selector?.labels };
      // One client (one keep-alive agent) for the pod list and every pod's log.
      const client = new KubeClient(conn, BACKEND_TIMEOUT_MS);
      try {
        let pods: string[];
        if (spec.pod) pods = [spec.pod];
        else {
          const selector = Object.entries(labels)
            .map(([k, v]) => `${k}=${v}`)
            .join(',');
          if (!selector) throw badRequest('spec.kubernetes.pod: a pod, or labels on the backend or the log selector, are required');
          try {
            const list = await client.get<{ items?: Array<{ metadata?: { name?: string } }> }>(
              `/api/v1/namespaces/${ns}/pods`,
              { labelSelector: selector },
              req.signal,
            );
            pods = (list.items ?? [])
              .map((p) => p.metadata?.name ?? '')
              .filter(Boolean)
              .slice(0, KUBE_MAX_PODS);
          } catch (err) {
            throw backendFailed(name, causeOf(err));
          }
        }
        const sinceSeconds = req.start ? String(Math.max(1, Math.ceil((Date.now() - req.start.getTime()) / 1000))) : undefined;
        const endNs = BigInt(req.end.getTime()) * 1_000_000n + 999_999n;
        const seen = new Set(pos?.s ?? []);
        const below = pos ? BigInt(pos.e) : undefined;
        const found: Array<{ t: bigint; line: LogLine }> = [];
        for (const pod of pods) {
          let text: string;
          try {
            text = await client.getText(
              `/api/v1/namespaces/${ns}/pods/${encodeURIComponent(pod)}/log`,
              { timestamps: 'true', tailLines: String(KUBE_TAIL_LINES), sinceSeconds, container: spec.container },
              req.signal,
              { maxBytes: KUBE_LOG_LIMIT_BYTES },
            );
          } catch (err) {
            throw backendFailed(name, causeOf(err));
          }
          const perTime = new Map<bigint, number>();
          for (const raw of text.split('\n')) {
            const m = TIMESTAMPED.exec(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
            if (!m) continue;
            const t = nanos(m[1]!, m[2], m[3]!);
            if (t === undefined || t > endNs || (req.start && t < BigInt(req.start.getTime()) * 1_000_000n)) continue;
            const n = (perTime.get(t) ?? 0) + 1;
            perTime.set(t, n);
            const id = `${pod}:${t}:${n}`;
            if (below !== undefined && (t > below || (t === below && seen.has(id)))) continue;
            const message = m[4]!;
            if (!containsText(message, req.text)) continue;
            const timestamp = new Date(Number(t / 1_000_000n)).toISOString();
            const lineLabels: Record<string, string> = {
              namespace: spec.namespace,
              pod,
              ...(spec.container ? { container: spec.container } : {}),
            };
            found.push({ t, line: buildLine(message, 'autodetect', { id, timestamp, labels: lineLabels }) });
          }
        }
        found.sort((a, b) => (a.t === b.t ? 0 : a.t > b.t ? -1 : 1));
        const page = found.slice(0, req.limit);
        const oldest = page.at(-1);
        if (found.length <= req.limit || !oldest) return { lines: page.map((f) => f.line) };
        const earlier = below === oldest.t ? [...seen] : [];
        const cursor: KubePosition = {
          e: oldest.t.toString(),
          s: [...earlier, ...page.filter((f) => f.t === oldest.t).map((f) => f.line.id!)],
        };
        return { lines: page.map((f) => f.line), cursor };
      } finally {
        client.close();
      }
    },
  };
}
