import type { Preset } from '../../pipeline/attributes.js';
import type { ItemDraft } from '../../pipeline/extract.js';
import type { ExternalRef } from '../../types.js';
import { apiVersionOf, type ApiResource } from './discovery.js';

// Kubernetes objects as catalogue items: id = metadata.uid, type = Kubernetes::<Kind>, an alias
// "Kubernetes/<Kind>/<namespace>/<name>" so others can point at it by name, and a parent
// (controller owner, else namespace, else the cluster item).

export type KubeObject = Record<string, unknown> & { metadata?: KubeMeta };
export interface KubeMeta {
  uid?: string;
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  ownerReferences?: Array<{ uid: string; kind: string; name: string; controller?: boolean }>;
  managedFields?: unknown;
  resourceVersion?: string;
}

/** The alias every object gets: Kubernetes/<Kind>/<namespace>/<name> ('' namespace when cluster-scoped). */
export function kubeAlias(kind: string, namespace: string | undefined, name: string): string {
  return `Kubernetes/${kind}/${namespace ?? ''}/${name}`;
}

/** The external id of the cluster item of a scraper entry. */
export function clusterId(clusterName: string): string {
  return `Kubernetes/Cluster/${clusterName}`;
}

function parentOf(meta: KubeMeta, clusterName: string): ExternalRef {
  const owner = meta.ownerReferences?.find((o) => o.controller) ?? meta.ownerReferences?.[0];
  if (owner) return { external_id: owner.uid, type: `Kubernetes::${owner.kind}` };
  if (meta.namespace) return { external_id: kubeAlias('Namespace', '', meta.namespace), type: 'Kubernetes::Namespace' };
  return { external_id: clusterId(clusterName), type: 'Kubernetes::Cluster' };
}

/** The object as stored: kind and apiVersion set (list items lack them), managedFields dropped. */
export function normalizeObject(obj: KubeObject, r: Pick<ApiResource, 'group' | 'version' | 'kind'>): KubeObject {
  const { managedFields: _managed, ...metadata } = obj.metadata ?? {};
  return { apiVersion: apiVersionOf(r), kind: r.kind, ...obj, metadata };
}

/** A draft for one (normalized) object. */
export function objectDraft(obj: KubeObject, clusterName: string, source: string): ItemDraft {
  const meta = obj.metadata ?? {};
  const kind = String(obj.kind);
  const name = meta.name ?? '';
  const labels: Record<string, string> = { ...meta.labels };
  const tags: Record<string, string> = { cluster: clusterName };
  if (meta.namespace) {
    labels.namespace = meta.namespace;
    tags.namespace = meta.namespace;
  }
  const preset: Preset = {
    id: meta.uid || kubeAlias(kind, meta.namespace, name),
    aliases: [kubeAlias(kind, meta.namespace, name)],
    name,
    type: `Kubernetes::${kind}`,
    config_class: kind,
    labels,
    tags,
    namespace: meta.namespace,
    parent: kind === 'Namespace' ? { external_id: clusterId(clusterName), type: 'Kubernetes::Cluster' } : parentOf(meta, clusterName),
    created_at: meta.creationTimestamp,
  };
  return { config: obj, source, preset };
}

/** The item standing for the cluster itself, parent of namespaces and cluster-scoped objects. */
export function clusterDraft(clusterName: string, server: string, version: unknown): ItemDraft {
  const config = { name: clusterName, server: server.replace(/\/\/[^@/]*@/, '//'), version };
  return {
    config,
    source: server,
    preset: {
      id: clusterId(clusterName),
      name: clusterName,
      type: 'Kubernetes::Cluster',
      config_class: 'Cluster',
      tags: { cluster: clusterName },
      labels: {},
    },
  };
}
