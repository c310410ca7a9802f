// Whether a spec makes the server run code it supplies: exec checks, exec scrapers and scripts
// (`javascript` in tests, displays and transforms). Writing such specs may be restricted to admins.

type Spec = Record<string, unknown> | null | undefined;

const nonEmptyList = (v: unknown): boolean => Array.isArray(v) && v.length > 0;

/** A canary spec with at least one exec check or any script. */
export function canaryExecutesCode(spec: Spec): boolean {
  return !!spec && (nonEmptyList(spec.exec) || hasScript(spec));
}

/** A scrape config spec with at least one exec scraper or any script. */
export function scrapeConfigExecutesCode(spec: Spec): boolean {
  return !!spec && (nonEmptyList(spec.exec) || hasScript(spec));
}

/** A topology spec whose lookups or inline checks (at any depth) hold an exec check, or any script. */
export function topologyExecutesCode(spec: Spec): boolean {
  return !!spec && (hasNested(spec, 'exec') || hasScript(spec));
}

/** A playbook spec with at least one exec action (a script the server runs). */
export function playbookExecutesCode(spec: Spec): boolean {
  const actions = spec?.actions;
  return Array.isArray(actions) && actions.some((a) => !!a && typeof a === 'object' && !!(a as Record<string, unknown>).exec);
}

/** Whether a document of `kind` (Canary, ScrapeConfig, Topology, Playbook) with `spec` executes code; other kinds do not yet. */
export function documentExecutesCode(kind: string, spec: unknown): boolean {
  const s = spec && typeof spec === 'object' && !Array.isArray(spec) ? (spec as Record<string, unknown>) : undefined;
  if (kind === 'Canary') return canaryExecutesCode(s);
  if (kind === 'ScrapeConfig') return scrapeConfigExecutesCode(s);
  if (kind === 'Topology') return topologyExecutesCode(s);
  if (kind === 'Playbook') return playbookExecutesCode(s);
  return false;
}

// A non-empty `javascript` string anywhere in the spec.
function hasScript(value: unknown, depth = 0): boolean {
  if (depth > 32 || !value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasScript(v, depth + 1));
  return Object.entries(value).some(
    ([k, v]) => (k === 'javascript' && typeof v === 'string' && v.trim() !== '') || hasScript(v, depth + 1),
  );
}

// A non-empty list under `key` anywhere in the spec (a topology's lookups and inline canaries nest).
function hasNested(value: unknown, key: string, depth = 0): boolean {
  if (depth > 32 || !value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNested(v, key, depth + 1));
  return Object.entries(value).some(([k, v]) => (k === key && nonEmptyList(v)) || hasNested(v, key, depth + 1));
}
