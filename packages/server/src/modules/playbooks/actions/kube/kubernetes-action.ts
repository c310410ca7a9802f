// kubernetes: applies (server-side apply, this console as field manager) and deletes manifests on the
// cluster a kubernetes connection names. Manifests are YAML text (rendered, several documents allowed)
// or objects. Result {applied, deleted}: kind, namespace and name of each object touched.
import { z } from 'zod';
import { parseAllDocuments } from 'yaml';
import { ActionError, errorMessage, parseBlock } from '../action-failure.js';
import type { ActionContext, ActionRunner } from '../types.js';
import { actionCluster, type ActionCluster } from './kube-connection.js';
import { kubeSend, KubeWriteError } from './kube-send.js';

/** The field manager server-side apply records for what playbooks write. */
export const FIELD_MANAGER = 'ops-console-playbook';

const manifests = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]);
const kubernetesSchema = z.object({ connection: z.string().optional(), apply: manifests.optional(), delete: manifests.optional() });

interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}
interface ApiResource {
  name: string;
  kind: string;
  namespaced: boolean;
}

/** Applies then deletes; see the file comment. */
export const kubernetesAction: ActionRunner = async (block, actx) => {
  const spec = parseBlock(kubernetesSchema, block, 'kubernetes');
  if (spec.apply === undefined && spec.delete === undefined) throw new ActionError('kubernetes: set apply or delete (manifests)');
  const toApply = objectsOf(spec.apply, actx, 'kubernetes.apply');
  const toDelete = objectsOf(spec.delete, actx, 'kubernetes.delete');
  const cluster = await actionCluster(actx, spec.connection, 'kubernetes.connection');
  const resources = new Map<string, ApiResource[]>();
  const applied: Record<string, string>[] = [];
  const deleted: Record<string, string>[] = [];
  try {
    for (const obj of toApply) {
      const path = await objectPath(cluster, resources, obj, actx.signal);
      await kubeSend(
        cluster.conn,
        'PATCH',
        `${path}?fieldManager=${FIELD_MANAGER}&force=true`,
        JSON.stringify(obj),
        actx.signal,
        'application/apply-patch+yaml',
      );
      applied.push(ref(obj));
    }
    for (const obj of toDelete) {
      const path = await objectPath(cluster, resources, obj, actx.signal);
      const gone = await kubeSend(cluster.conn, 'DELETE', path, undefined, actx.signal).then(
        () => true,
        (err: unknown) => {
          if (err instanceof KubeWriteError && err.status === 404) return false;
          throw err;
        },
      );
      deleted.push({ ...ref(obj), ...(gone ? {} : { note: 'not found' }) });
    }
  } catch (err) {
    if (err instanceof ActionError) throw new ActionError(err.message, { applied, deleted });
    throw new ActionError(`kubernetes: ${errorMessage(err)}`, { applied, deleted });
  } finally {
    cluster.client.close();
  }
  return { status: 'completed', result: { applied, deleted } };
};

function ref(obj: KubeObject): Record<string, string> {
  return { kind: obj.kind, name: obj.metadata.name, ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}) };
}

/** The objects a manifests field holds; each needs apiVersion, kind and metadata.name. */
function objectsOf(value: z.infer<typeof manifests> | undefined, actx: ActionContext, field: string): KubeObject[] {
  if (value === undefined) return [];
  let list: unknown[];
  if (typeof value === 'string') {
    const docs = parseAllDocuments(actx.render(value));
    const bad = docs.find((d) => d.errors.length > 0);
    if (bad) throw new ActionError(`${field}: not valid YAML: ${bad.errors[0]!.message}`);
    list = docs.map((d) => d.toJS() as unknown).filter((d) => d !== null && d !== undefined);
  } else list = Array.isArray(value) ? value : [value];
  return list.map((o, i) => {
    const obj = o as Partial<KubeObject> | null;
    if (!obj || typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string' || typeof obj.metadata?.name !== 'string')
      throw new ActionError(`${field}[${i}]: needs apiVersion, kind and metadata.name`);
    return obj as KubeObject;
  });
}

/** The object's API path, from the API's own discovery of the group version (cached per action). */
async function objectPath(
  cluster: ActionCluster,
  cache: Map<string, ApiResource[]>,
  obj: KubeObject,
  signal: AbortSignal,
): Promise<string> {
  const gv = obj.apiVersion;
  const prefix = gv.includes('/') ? `/apis/${gv}` : `/api/${gv}`;
  let list = cache.get(gv);
  if (!list) {
    list = (await cluster.client.get<{ resources?: ApiResource[] }>(prefix, {}, signal)).resources ?? [];
    cache.set(gv, list);
  }
  const res = list.find((r) => r.kind === obj.kind && !r.name.includes('/'));
  if (!res) throw new ActionError(`kubernetes: the cluster has no ${obj.kind} in ${gv}`);
  const ns = res.namespaced ? `/namespaces/${encodeURIComponent(obj.metadata.namespace || 'default')}` : '';
  return `${prefix}${ns}/${res.name}/${encodeURIComponent(obj.metadata.name)}`;
}
