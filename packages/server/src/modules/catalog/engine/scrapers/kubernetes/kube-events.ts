import { globMatch } from '../../pipeline/match-items.js';
import type { KubernetesScraperSpec } from '../../spec/scrapers.schema.js';
import type { ChangeResult } from '../../types.js';
import { objectExcluded, type Exclusions } from './exclusions.js';
import { kubeAlias, type KubeObject } from './kube-objects.js';

// Kubernetes Events become changes of the object they are about: the reason is the change type,
// the message its summary, and the severity comes from `event.severityKeywords`.

interface InvolvedObject {
  uid?: string;
  kind?: string;
  name?: string;
  namespace?: string;
}

/** Severity of an event: error keywords → high, warn keywords → medium, other Warnings → low, else info. */
export function eventSeverity(event: KubeObject, keywords: { error?: string[]; warn?: string[] } | undefined): string {
  const text = `${String(event.reason ?? '')} ${String(event.message ?? '')}`.toLowerCase();
  if ((keywords?.error ?? []).some((k) => text.includes(k.toLowerCase()))) return 'high';
  if ((keywords?.warn ?? []).some((k) => text.includes(k.toLowerCase()))) return 'medium';
  return event.type === 'Warning' ? 'low' : 'info';
}

function reasonExcluded(spec: KubernetesScraperSpec, reason: string): boolean {
  const ex = spec.event?.exclusions;
  const reasons = Array.isArray(ex) ? ex : (ex?.reason ?? []);
  return reasons.some((p) => globMatch(p, reason));
}

/** The change for one event, or undefined when its reason or object is excluded. */
export function eventChange(event: KubeObject, spec: KubernetesScraperSpec, ex: Exclusions): ChangeResult | undefined {
  const reason = String(event.reason ?? '');
  const involved = (event.involvedObject ?? event.regarding ?? {}) as InvolvedObject;
  if (!reason || !involved.kind || reasonExcluded(spec, reason)) return undefined;
  if (objectExcluded({ metadata: { name: involved.name, namespace: involved.namespace } }, ex)) return undefined;
  const meta = event.metadata ?? {};
  const source = (event.source ?? {}) as { component?: string; host?: string };
  return {
    external_id: involved.uid || kubeAlias(involved.kind, involved.namespace, involved.name ?? ''),
    config_type: `Kubernetes::${involved.kind}`,
    external_change_id: meta.uid ?? `${meta.namespace ?? ''}/${meta.name ?? ''}`,
    change_type: reason,
    summary: String(event.message ?? event.note ?? ''),
    severity: eventSeverity(event, spec.event?.severityKeywords),
    source: `kubernetes/${source.component ?? String(event.reportingComponent ?? event.reportingController ?? 'events')}`,
    created_at: String(event.lastTimestamp ?? event.eventTime ?? meta.creationTimestamp ?? '') || undefined,
    details: event,
  };
}
