import { get, list, str, type HealthResult, type K8sObject } from './k8s-object.js';

// Pod health: container errors first (crash loops, image pulls), then the phase.

/** A waiting reason that means the container cannot start (ErrImagePull, CrashLoopBackOff, …). */
function containerError(status: Record<string, unknown>): HealthResult | undefined {
  const reason = str(status, 'state', 'waiting', 'reason');
  if (reason.startsWith('Err') || reason.endsWith('Error') || reason.endsWith('BackOff')) {
    return { health: 'unhealthy', status: reason, message: str(status, 'state', 'waiting', 'message') || undefined };
  }
  return undefined;
}

function isReady(pod: K8sObject): boolean {
  return list(pod, 'status', 'conditions').some((c) => c.type === 'Ready' && c.status === 'True');
}

/** Why a failed pod failed: its message, else the first container that terminated badly. */
function failureMessage(pod: K8sObject): string | undefined {
  const message = str(pod, 'status', 'message');
  if (message) return message;
  for (const c of [...list(pod, 'status', 'initContainerStatuses'), ...list(pod, 'status', 'containerStatuses')]) {
    const t = get(c, 'state', 'terminated') as Record<string, unknown> | undefined;
    if (!t) continue;
    if (typeof t.message === 'string' && t.message) return t.message;
    if (t.reason === 'OOMKilled') return 'OOMKilled';
    if (typeof t.exitCode === 'number' && t.exitCode !== 0) return `container "${String(c.name)}" failed with exit code ${t.exitCode}`;
  }
  return undefined;
}

/** Health of a Pod from its containers, conditions and phase. */
export function podHealth(pod: K8sObject): HealthResult {
  const ready = isReady(pod);
  if (get(pod, 'metadata', 'deletionTimestamp')) return { health: ready ? 'healthy' : 'unhealthy', status: 'Terminating' };
  const restartPolicy = str(pod, 'spec', 'restartPolicy') || 'Always';
  if (restartPolicy === 'Always') {
    const errors = list(pod, 'status', 'containerStatuses')
      .map(containerError)
      .filter((e) => e !== undefined);
    if (errors.length > 0) {
      const messages = errors.map((e) => e.message).filter(Boolean);
      return { health: 'unhealthy', status: errors[errors.length - 1]!.status, message: messages.join(', ') || undefined };
    }
  }
  const message = str(pod, 'status', 'message') || undefined;
  switch (str(pod, 'status', 'phase')) {
    case 'Pending': {
      for (const c of list(pod, 'status', 'initContainerStatuses')) {
        const err = containerError(c);
        if (err) return err;
      }
      const unschedulable = list(pod, 'status', 'conditions').find((c) => c.reason === 'Unschedulable');
      if (unschedulable) return { health: 'unhealthy', status: 'Unschedulable', message: str(unschedulable, 'message') || undefined };
      return { health: 'unknown', status: 'Pending', message };
    }
    case 'Succeeded':
      return { health: 'healthy', status: 'Completed', ready: true, message };
    case 'Failed':
      return { health: 'unhealthy', status: 'Error', message: failureMessage(pod) };
    case 'Running':
      if (ready) return { health: 'healthy', status: 'Running', ready: true, message };
      if (restartPolicy !== 'Always') return { health: 'unhealthy', status: 'Running', message };
      for (const c of list(pod, 'status', 'containerStatuses')) {
        const last = get(c, 'lastState', 'terminated');
        if (last) return { health: 'unhealthy', status: str(last, 'reason') || 'Restarting', message: str(last, 'message') || undefined };
      }
      return { health: 'unknown', status: 'Starting', message };
    default:
      return { health: 'unknown', status: 'Unknown', message };
  }
}
