import { cel, celBool, scalarText } from '../expr.js';
import type { RelationshipConfig } from '../spec/common.schema.js';
import type { ExternalRef, RelationshipResult, RelationshipSelector } from '../types.js';

// `transform.relationship`: link an item to others by selector templates or by one CEL `expr`
// returning a list of selectors. The persistence layer finds the items the selectors name.

type ValueExpr = { value?: string; label?: string; expr?: string } | undefined;

const SELECTOR_FIELDS = ['id', 'external_id', 'type', 'name', 'namespace', 'agent', 'scope'] as const;

/** Evaluate one `{value|label|expr}` template against the item's labels and variables. */
export function evalValueExpr(v: ValueExpr, labels: Record<string, string>, env: Record<string, unknown>): string | undefined {
  if (!v) return undefined;
  if (v.value !== undefined) return v.value;
  if (v.label !== undefined) return labels[v.label];
  if (v.expr !== undefined) return scalarText(cel(v.expr, env)).trim() || undefined;
  return undefined;
}

/** "" scope means "this scraper only"; "all" means any scraper (no scope). */
export function normalizeScope(selector: RelationshipSelector, scraperId: string | undefined): RelationshipSelector {
  const out = { ...selector };
  if (out.scope === 'all') delete out.scope;
  else if (!out.scope && scraperId) out.scope = scraperId;
  return out;
}

function cleanSelector(raw: Record<string, unknown>): RelationshipSelector | undefined {
  const out: RelationshipSelector = {};
  for (const f of SELECTOR_FIELDS) {
    const v = raw[f];
    if (typeof v === 'string' && v !== '') out[f] = v;
  }
  if (raw.labels && typeof raw.labels === 'object') {
    const labels = Object.fromEntries(
      Object.entries(raw.labels as Record<string, unknown>).filter(([, v]) => typeof v === 'string' && v !== ''),
    );
    if (Object.keys(labels).length > 0) out.labels = labels as Record<string, string>;
  }
  const { scope: _scope, ...identity } = out;
  return Object.keys(identity).length > 0 ? out : undefined;
}

function selectorsFromExpr(expr: string, env: Record<string, unknown>): RelationshipSelector[] {
  let out = cel(expr, env);
  if (typeof out === 'string') out = out.trim() === '' ? [] : JSON.parse(out);
  if (!Array.isArray(out)) throw new Error(`relationship expr must return a list of selectors, got ${JSON.stringify(out)}`);
  return out.map((s) => cleanSelector((s ?? {}) as Record<string, unknown>)).filter((s) => s !== undefined);
}

/** The relationships the configured rules give for one item. Throws with the failing rule named. */
export function relationshipsFor(
  rules: readonly RelationshipConfig[] | undefined,
  item: ExternalRef,
  labels: Record<string, string>,
  env: Record<string, unknown>,
  scraperId?: string,
): RelationshipResult[] {
  const out: RelationshipResult[] = [];
  (rules ?? []).forEach((rule, i) => {
    try {
      if (rule.filter && !celBool(rule.filter, env)) return;
      let selectors: RelationshipSelector[];
      if (rule.expr) selectors = selectorsFromExpr(rule.expr, env);
      else {
        const raw: Record<string, unknown> = {};
        for (const f of SELECTOR_FIELDS) raw[f] = evalValueExpr(rule[f] as ValueExpr, labels, env);
        raw.labels = Object.fromEntries(Object.entries(rule.labels ?? {}).map(([k, v]) => [k, evalValueExpr(v, labels, env)]));
        const s = cleanSelector(raw);
        selectors = s ? [s] : [];
      }
      for (const s of selectors)
        out.push({ config: item, related: normalizeScope(s, scraperId), ...(rule.parent ? { parent: true } : {}) });
    } catch (err) {
      throw new Error(`transform.relationship[${i}]: ${(err as Error).message}`);
    }
  });
  return out;
}
