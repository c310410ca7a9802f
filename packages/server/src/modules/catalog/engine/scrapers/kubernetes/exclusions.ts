import { globMatch } from '../../pipeline/match-items.js';
import type { KubernetesScraperSpec } from '../../spec/scrapers.schema.js';
import type { ApiResource } from './discovery.js';

// `exclusions`: kinds (by Kind, plural, or plural.group, case-insensitively), names and
// namespaces (globs), and labels (key: value glob) that the scraper skips.

export interface Exclusions {
  kind: string[];
  name: string[];
  namespace: string[];
  labels: Record<string, string>;
}

/** Normalise both spellings of `exclusions` (object, or the older list of names). */
export function exclusionsOf(spec: KubernetesScraperSpec): Exclusions {
  const ex = spec.exclusions;
  if (Array.isArray(ex)) return { kind: [], name: ex, namespace: [], labels: {} };
  return {
    kind: (ex?.kind ?? []).map((k) => k.toLowerCase()),
    name: ex?.name ?? [],
    namespace: ex?.namespace ?? [],
    labels: ex?.labels ?? {},
  };
}

/** Whether a whole resource type is excluded by kind. */
export function kindExcluded(r: ApiResource, ex: Exclusions): boolean {
  const names = [r.kind, r.plural, `${r.plural}.${r.group}`, `${r.kind}.${r.group}`].map((n) => n.toLowerCase());
  return ex.kind.some((p) => names.some((n) => globMatch(p, n)));
}

/** Whether one object is excluded by name, namespace or label. */
export function objectExcluded(obj: Record<string, unknown>, ex: Exclusions): boolean {
  const meta = (obj.metadata ?? {}) as { name?: string; namespace?: string; labels?: Record<string, string> };
  if (meta.name && ex.name.some((p) => globMatch(p, meta.name!))) return true;
  if (meta.namespace && ex.namespace.some((p) => globMatch(p, meta.namespace!))) return true;
  const labels = meta.labels ?? {};
  return Object.entries(ex.labels).some(([k, v]) => labels[k] !== undefined && globMatch(v, labels[k]!));
}
