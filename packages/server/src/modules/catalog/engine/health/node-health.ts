import { condition, get, list, str, type HealthResult, type K8sObject } from './k8s-object.js';

// Node health: the Ready condition decides; pressure conditions and cordoning are warnings.

const PRESSURE = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'];

/** Health of a Node from its conditions and spec.unschedulable. */
export function nodeHealth(node: K8sObject): HealthResult {
  const ready = condition(node, 'Ready');
  if (!ready) return { health: 'unknown', status: 'Unknown', message: 'the node reports no Ready condition' };
  if (ready.status !== 'True') return { health: 'unhealthy', status: 'NotReady', message: str(ready, 'message') || undefined };
  const pressure = list(node, 'status', 'conditions').filter((c) => PRESSURE.includes(String(c.type)) && c.status === 'True');
  if (pressure.length > 0) {
    return { health: 'warning', status: pressure.map((c) => String(c.type)).join(', '), message: str(pressure[0], 'message') || undefined };
  }
  if (get(node, 'spec', 'unschedulable') === true) return { health: 'warning', status: 'SchedulingDisabled', ready: true };
  return { health: 'healthy', status: 'Ready', ready: true };
}
