// A check's `relationships.configs` templates evaluated into catalogue selectors, as canary-checker does:
// each field is a lookup (`value`, one of the check's `label`s, or a CEL `expr`); a field that is given
// but resolves to nothing drops the whole selector, so a missing label never widens a match. Links are
// made when the canary is synced and refreshed periodically, not per run: `expr` sees the check's
// definition (`check`, `canary`, `labels`), not a run's result.
import { createHash } from 'node:crypto';
import type { RelationshipLookup, RelationshipSelectorTemplate } from '@ops/shared';
import { evaluateCel } from '@ops/shared/expr';
import type { ConfigSelector } from '../catalog/index.js';

const FIELDS = ['id', 'external_id', 'name', 'namespace', 'type', 'agent', 'scope'] as const;

/** What a check's lookups can read. */
export interface CheckLookupEnv {
  check: { name: string; type: string; namespace: string; labels: Record<string, string>; endpoint: string; description: string };
  canary: { name: string; namespace: string; labels: Record<string, string> };
}

/** One evaluated selector with its stable id (the link's selector_id). */
export interface EvaluatedSelector {
  selector: ConfigSelector;
  selectorId: string;
}

function lookupValue(l: RelationshipLookup, labels: Record<string, string>, env: CheckLookupEnv): string | undefined {
  if (l.value !== undefined) return l.value;
  if (l.label !== undefined) return labels[l.label];
  if (l.expr !== undefined) {
    const out = evaluateCel(l.expr, { ...env, labels });
    return out === null || out === undefined ? undefined : String(out);
  }
  return undefined;
}

// The same selector always hashes alike (keys sorted), so re-syncs update the same link rows.
function selectorId(sel: ConfigSelector): string {
  const sorted = (o: object): unknown =>
    Object.fromEntries(
      Object.entries(o)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, v && typeof v === 'object' ? sorted(v as object) : v]),
    );
  return createHash('sha256')
    .update(JSON.stringify(sorted(sel)))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The selectors of a check's `relationships.configs`. A template whose lookup fails (a CEL error) is
 * reported through `onError` and skipped; the others still apply.
 */
export function configSelectorsOf(
  spec: Record<string, unknown>,
  env: CheckLookupEnv,
  onError: (index: number, err: Error) => void = () => undefined,
): EvaluatedSelector[] {
  const rel = spec.relationships as { configs?: RelationshipSelectorTemplate[] } | undefined;
  const templates = Array.isArray(rel?.configs) ? rel.configs : [];
  const labels = { ...env.canary.labels, ...env.check.labels };
  const out: EvaluatedSelector[] = [];
  templates.forEach((t, i) => {
    try {
      const sel: ConfigSelector = {};
      for (const f of FIELDS) {
        const l = t[f];
        if (!l) continue;
        const v = lookupValue(l, labels, env);
        if (!v) return;
        sel[f] = v;
      }
      if (t.labels && Object.keys(t.labels).length) sel.labels = { ...t.labels };
      const { scope: _scope, ...identity } = sel;
      if (Object.keys(identity).length === 0) return;
      out.push({ selector: sel, selectorId: selectorId(sel) });
    } catch (err) {
      onError(i, err as Error);
    }
  });
  return out;
}
