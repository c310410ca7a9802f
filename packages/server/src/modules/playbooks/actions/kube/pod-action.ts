// pod: runs a pod on the cluster a kubernetes connection names, waits until it ends, reads its log and
// deletes it (also when the action is stopped). Result {stdout, phase, exitCode}; a failed pod fails it.
import { z } from 'zod';
import { abortMessage, ActionError, errorMessage, failedOutcome, parseBlock, tail } from '../action-failure.js';
import type { ActionContext, ActionRunner } from '../types.js';
import { actionCluster, type ActionCluster } from './kube-connection.js';
import { kubeSend, KubeWriteError } from './kube-send.js';

/** Log bytes kept when the action sets no maxLength. */
export const POD_DEFAULT_LOG_BYTES = 3000;
/** How often the pod's phase is read. */
export const POD_POLL_MS = 1000;

const podSchema = z.object({
  name: z.string({ error: 'is required' }).min(1, 'is required'),
  connection: z.string().optional(),
  namespace: z.string().optional(),
  spec: z.record(z.string(), z.unknown(), { error: 'is required (a pod spec)' }),
  maxLength: z.number().int().positive().optional(),
});

interface PodStatus {
  status?: { phase?: string; containerStatuses?: Array<{ state?: { terminated?: { exitCode?: number; reason?: string } } }> };
}

/** Runs the pod; see the file comment. */
export const podAction: ActionRunner = async (block, actx) => {
  const spec = parseBlock(podSchema, block, 'pod');
  const cluster = await actionCluster(actx, spec.connection, 'pod.connection');
  const namespace = spec.namespace ? actx.render(spec.namespace) : 'default';
  const name = podName(actx.render(spec.name), actx.actionId);
  const base = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`;
  const manifest = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels: { 'ops-console/playbook-run': actx.runId, 'ops-console/action': actx.actionId } },
    spec: { restartPolicy: 'Never', ...renderDeep(spec.spec, actx) },
  };
  try {
    await kubeSend(cluster.conn, 'POST', base, manifest, actx.signal);
  } catch (err) {
    cluster.client.close();
    throw new ActionError(`pod: cannot create ${namespace}/${name}: ${errorMessage(err)}`);
  }
  try {
    const status = await waitForEnd(cluster, `${base}/${name}`, actx);
    const log = await cluster.client.getText(`${base}/${name}/log`, {}, actx.signal, { maxBytes: spec.maxLength ?? POD_DEFAULT_LOG_BYTES });
    const terminated = status.status?.containerStatuses?.[0]?.state?.terminated;
    const result = { stdout: log, phase: status.status?.phase ?? '', exitCode: terminated?.exitCode ?? null, pod: name };
    if (result.phase !== 'Succeeded')
      return failedOutcome(
        `pod ${namespace}/${name} ${result.phase.toLowerCase() || 'ended'}${terminated?.reason ? ` (${terminated.reason})` : ''}${log.trim() ? `: ${tail(log, 500)}` : ''}`,
        result,
      );
    return { status: 'completed', result };
  } catch (err) {
    if (actx.signal.aborted) return failedOutcome(abortMessage(actx.signal), { pod: name });
    throw new ActionError(`pod ${namespace}/${name}: ${errorMessage(err)}`);
  } finally {
    // The pod goes whatever happened; a fresh signal so a stopped action still cleans up.
    await kubeSend(cluster.conn, 'DELETE', `${base}/${name}`, undefined, AbortSignal.timeout(10_000)).catch((err: unknown) => {
      if (!(err instanceof KubeWriteError && err.status === 404))
        actx.app.log.warn({ run_id: actx.runId, err: errorMessage(err) }, 'could not delete a playbook pod');
    });
    cluster.client.close();
  }
};

async function waitForEnd(cluster: ActionCluster, path: string, actx: ActionContext): Promise<PodStatus> {
  for (;;) {
    const pod = await cluster.client.get<PodStatus>(path, {}, actx.signal);
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') return pod;
    await pause(POD_POLL_MS, actx.signal);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error(abortMessage(signal)));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error(abortMessage(signal)));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A DNS-1123 name from the action's name, unique per action row. */
function podName(name: string, actionId: string): string {
  const clean =
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'playbook';
  return `${clean}-${actionId.replace(/-/g, '').slice(0, 8)}`;
}

/** Every string inside the pod spec rendered as a template (commands, env values, images). */
function renderDeep(value: Record<string, unknown>, actx: ActionContext): Record<string, unknown> {
  const walk = (v: unknown): unknown =>
    typeof v === 'string'
      ? actx.render(v)
      : Array.isArray(v)
        ? v.map(walk)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
          : v;
  return walk(value) as Record<string, unknown>;
}
