import { condition, get, num, str, type HealthResult, type K8sObject } from './k8s-object.js';
import { ingressHealth, serviceHealth } from './network-health.js';
import { nodeHealth } from './node-health.js';
import { podHealth } from './pod-health.js';
import { pvcHealth, pvHealth } from './storage-health.js';
import { daemonSetHealth, deploymentHealth, replicaSetHealth, statefulSetHealth } from './workload-health.js';

export type { HealthResult } from './k8s-object.js';

function namespaceHealth(ns: K8sObject): HealthResult {
  const phase = str(ns, 'status', 'phase');
  if (phase === 'Terminating') return { health: 'warning', status: 'Terminating' };
  return { health: 'healthy', status: phase || 'Active', ready: true };
}

function jobHealth(job: K8sObject): HealthResult {
  const failed = condition(job, 'Failed');
  if (failed?.status === 'True') return { health: 'unhealthy', status: 'Failed', message: str(failed, 'message') || undefined };
  const complete = condition(job, 'Complete');
  if (complete?.status === 'True') return { health: 'healthy', status: 'Completed', ready: true };
  if (get(job, 'spec', 'suspend') === true) return { health: 'unknown', status: 'Suspended' };
  if (num(job, 0, 'status', 'active') > 0) return { health: 'unknown', status: 'Running' };
  return { health: 'unknown', status: 'Pending' };
}

const RULES: Record<string, (obj: K8sObject) => HealthResult> = {
  Pod: podHealth,
  Deployment: deploymentHealth,
  ReplicaSet: replicaSetHealth,
  StatefulSet: statefulSetHealth,
  DaemonSet: daemonSetHealth,
  Node: nodeHealth,
  Service: serviceHealth,
  Ingress: ingressHealth,
  PersistentVolumeClaim: pvcHealth,
  PersistentVolume: pvHealth,
  Namespace: namespaceHealth,
  Job: jobHealth,
};

/** Kinds that have a built-in health rule. */
export const KUBERNETES_HEALTH_KINDS = Object.keys(RULES);

/**
 * Health and status text of a Kubernetes object from its kind's rule; undefined for kinds without
 * one (ConfigMaps, Secrets, …), which then have no health.
 */
export function kubernetesHealth(obj: K8sObject): HealthResult | undefined {
  const rule = RULES[str(obj, 'kind')];
  return rule ? rule(obj) : undefined;
}
