import { list, str, type HealthResult, type K8sObject } from './k8s-object.js';

// Services and Ingresses: healthy once they have what they need to route traffic.

/** Service: a LoadBalancer is provisioning until it has an ingress address; other types are healthy. */
export function serviceHealth(svc: K8sObject): HealthResult {
  if (str(svc, 'spec', 'type') !== 'LoadBalancer') return { health: 'healthy', status: 'Running', ready: true };
  const ingress = list(svc, 'status', 'loadBalancer', 'ingress');
  if (ingress.length === 0) return { health: 'unknown', status: 'Provisioning', message: 'waiting for a load balancer address' };
  return { health: 'healthy', status: 'Running', ready: true, message: addresses(ingress) };
}

/** Ingress: provisioned once the controller has published an address. */
export function ingressHealth(ing: K8sObject): HealthResult {
  const ingress = list(ing, 'status', 'loadBalancer', 'ingress');
  if (ingress.length === 0)
    return { health: 'unknown', status: 'Provisioning', message: 'waiting for an address from the ingress controller' };
  return { health: 'healthy', status: 'Provisioned', ready: true, message: addresses(ingress) };
}

function addresses(ingress: Record<string, unknown>[]): string {
  return ingress
    .map((i) => str(i, 'hostname') || str(i, 'ip'))
    .filter(Boolean)
    .join(', ');
}
