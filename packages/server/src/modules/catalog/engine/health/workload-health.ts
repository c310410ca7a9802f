import { condition, get, num, specNotObserved, str, type HealthResult, type K8sObject } from './k8s-object.js';

// Health of the controllers that keep replicas running: Deployments, ReplicaSets, StatefulSets
// and DaemonSets. All read "how many are wanted, updated and available".

function replicasMessage(available: number, desired: number): string {
  return `${available}/${desired} replicas available`;
}

/** Deployment: suspended, failed rollouts, rolling out, degraded or running. */
export function deploymentHealth(d: K8sObject): HealthResult {
  const desired = num(d, 1, 'spec', 'replicas');
  const available = num(d, 0, 'status', 'availableReplicas');
  const updated = num(d, 0, 'status', 'updatedReplicas');
  const total = num(d, 0, 'status', 'replicas');
  if (get(d, 'spec', 'paused') === true) return { health: 'unknown', status: 'Suspended', message: 'the deployment is paused' };
  const progressing = condition(d, 'Progressing');
  if (progressing?.reason === 'ProgressDeadlineExceeded') {
    return { health: 'unhealthy', status: 'Failed', message: str(progressing, 'message') || 'progress deadline exceeded' };
  }
  if (desired === 0 && total === 0) return { health: 'healthy', status: 'Scaled to Zero', ready: true };
  if (specNotObserved(d)) return { health: 'unknown', status: 'Updating', message: 'waiting for the controller to observe the new spec' };
  if (available === 0) {
    if (progressing?.status === 'True') return { health: 'unknown', status: 'Starting', message: replicasMessage(0, desired) };
    return { health: 'unhealthy', status: 'Unavailable', message: replicasMessage(0, desired) };
  }
  if (updated < desired || total > updated) {
    return { health: 'warning', status: 'Rolling Out', message: `${updated}/${desired} replicas updated, ${available} available` };
  }
  if (available < desired) return { health: 'warning', status: 'Degraded', message: replicasMessage(available, desired) };
  return { health: 'healthy', status: 'Running', ready: true, message: replicasMessage(available, desired) };
}

/** ReplicaSet: ready replicas against the desired count. */
export function replicaSetHealth(rs: K8sObject): HealthResult {
  const desired = num(rs, 1, 'spec', 'replicas');
  const ready = num(rs, 0, 'status', 'readyReplicas');
  if (desired === 0) return { health: 'healthy', status: 'Scaled to Zero', ready: true };
  if (specNotObserved(rs)) return { health: 'unknown', status: 'Updating' };
  const failure = condition(rs, 'ReplicaFailure');
  if (failure?.status === 'True') return { health: 'unhealthy', status: 'Failed', message: str(failure, 'message') || undefined };
  if (ready === 0) return { health: 'unhealthy', status: 'Unavailable', message: replicasMessage(0, desired) };
  if (ready < desired) return { health: 'warning', status: 'Degraded', message: replicasMessage(ready, desired) };
  return { health: 'healthy', status: 'Running', ready: true, message: replicasMessage(ready, desired) };
}

/** StatefulSet: ready replicas and whether a new revision is still rolling out. */
export function statefulSetHealth(s: K8sObject): HealthResult {
  const desired = num(s, 1, 'spec', 'replicas');
  const ready = num(s, 0, 'status', 'readyReplicas');
  if (desired === 0 && num(s, 0, 'status', 'replicas') === 0) return { health: 'healthy', status: 'Scaled to Zero', ready: true };
  if (specNotObserved(s)) return { health: 'unknown', status: 'Updating' };
  if (ready === 0) return { health: 'unhealthy', status: 'Unavailable', message: replicasMessage(0, desired) };
  const current = str(s, 'status', 'currentRevision');
  const update = str(s, 'status', 'updateRevision');
  const onDelete = str(s, 'spec', 'updateStrategy', 'type') === 'OnDelete';
  if (!onDelete && update && current !== update) {
    return { health: 'warning', status: 'Rolling Out', message: `${num(s, 0, 'status', 'updatedReplicas')}/${desired} replicas updated` };
  }
  if (ready < desired) return { health: 'warning', status: 'Degraded', message: replicasMessage(ready, desired) };
  return { health: 'healthy', status: 'Running', ready: true, message: replicasMessage(ready, desired) };
}

/** DaemonSet: pods scheduled, updated and available on the nodes it should run on. */
export function daemonSetHealth(ds: K8sObject): HealthResult {
  const desired = num(ds, 0, 'status', 'desiredNumberScheduled');
  const available = num(ds, 0, 'status', 'numberAvailable');
  const updated = num(ds, 0, 'status', 'updatedNumberScheduled');
  if (specNotObserved(ds)) return { health: 'unknown', status: 'Updating' };
  if (desired === 0) return { health: 'healthy', status: 'Running', ready: true, message: 'no nodes to schedule on' };
  const message = `${available}/${desired} pods available`;
  if (available === 0) return { health: 'unhealthy', status: 'Unavailable', message };
  const onDelete = str(ds, 'spec', 'updateStrategy', 'type') === 'OnDelete';
  if (!onDelete && updated < desired) return { health: 'warning', status: 'Rolling Out', message: `${updated}/${desired} pods updated` };
  if (available < desired) return { health: 'warning', status: 'Degraded', message };
  return { health: 'healthy', status: 'Running', ready: true, message };
}
