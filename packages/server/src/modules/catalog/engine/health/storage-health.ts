import { str, type HealthResult, type K8sObject } from './k8s-object.js';

// Volumes: bound is healthy, pending is waiting, lost or failed is unhealthy.

/** PersistentVolumeClaim health from its phase. */
export function pvcHealth(pvc: K8sObject): HealthResult {
  const phase = str(pvc, 'status', 'phase');
  if (phase === 'Bound') return { health: 'healthy', status: 'Bound', ready: true };
  if (phase === 'Pending') return { health: 'unknown', status: 'Pending', message: 'waiting for a volume to be bound' };
  if (phase === 'Lost') return { health: 'unhealthy', status: 'Lost', message: 'the bound volume no longer exists' };
  return { health: 'unknown', status: phase || 'Unknown' };
}

/** PersistentVolume health from its phase. */
export function pvHealth(pv: K8sObject): HealthResult {
  const phase = str(pv, 'status', 'phase');
  if (phase === 'Bound' || phase === 'Available') return { health: 'healthy', status: phase, ready: true };
  if (phase === 'Failed') return { health: 'unhealthy', status: 'Failed', message: str(pv, 'status', 'message') || undefined };
  if (phase === 'Released') return { health: 'warning', status: 'Released' };
  return { health: 'unknown', status: phase || 'Unknown' };
}
