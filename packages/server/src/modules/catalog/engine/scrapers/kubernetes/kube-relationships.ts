import { evalValueExpr, normalizeScope } from '../../pipeline/relationships.js';
import type { KubernetesScraperSpec } from '../../spec/scrapers.schema.js';
import type { RelationshipResult } from '../../types.js';
import type { KubeObject } from './kube-objects.js';

// The kubernetes scraper's own `relationships`: each rule names a kind, name and namespace by
// value, label or CEL over the object (`spec.claimRef.name`); pods are also linked to their node.

/** Relationships of one object. Rules that fail to evaluate are returned as warnings, not errors. */
export function kubeRelationships(
  obj: KubeObject,
  id: string,
  spec: KubernetesScraperSpec,
  scraperId: string | undefined,
): { relationships: RelationshipResult[]; warnings: string[] } {
  const kind = String(obj.kind);
  const meta = obj.metadata ?? {};
  const config = { external_id: id, type: `Kubernetes::${kind}` };
  const labels = meta.labels ?? {};
  const env = { metadata: {}, spec: {}, status: {}, ...obj };
  const relationships: RelationshipResult[] = [];
  const warnings: string[] = [];
  (spec.relationships ?? []).forEach((rule, i) => {
    try {
      const relKind = evalValueExpr(rule.kind, labels, env);
      const name = evalValueExpr(rule.name, labels, env);
      if (!relKind || !name) return;
      const namespace = evalValueExpr(rule.namespace, labels, env);
      const related = normalizeScope({ type: `Kubernetes::${relKind}`, name, ...(namespace ? { namespace } : {}) }, scraperId);
      relationships.push({ config, related });
    } catch (err) {
      warnings.push(`relationships[${i}]: ${(err as Error).message}`);
    }
  });
  const nodeName = (obj.spec as { nodeName?: unknown } | undefined)?.nodeName;
  if (kind === 'Pod' && typeof nodeName === 'string' && nodeName) {
    relationships.push({ config, related: normalizeScope({ type: 'Kubernetes::Node', name: nodeName }, scraperId), parent: true });
  }
  return { relationships, warnings };
}
