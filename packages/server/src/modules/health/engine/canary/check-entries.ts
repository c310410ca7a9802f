// Validates the check lists of a Canary spec with their types' schemas and expands them into
// EngineChecks with a stable identity (canary, type, name).
import { maskSecretText } from '@ops/shared';
import { checkType, checkTypeNames } from '../checks/registry.js';
import { javascriptProblem, type TemplateSpec } from '../run/expressions.js';
import type { CanaryDocument, EngineCheck } from '../types.js';
import { toIssue } from './canary-document.js';
import { joinPath, type ValidationIssue } from './validation-error.js';

/** Validates every check entry; returns the problems (empty when all are fine). */
export function validateCheckEntries(spec: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const type of checkTypeNames()) {
    const list = spec[type];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      issues.push({ path: `spec.${type}`, message: 'must be a list of checks' });
      continue;
    }
    const def = checkType(type)!;
    list.forEach((entry, i) => {
      const parsed = def.schema.safeParse(entry);
      if (!parsed.success) issues.push(...parsed.error.issues.map((iss) => toIssue(iss, ['spec', type, i])));
      else {
        for (const [field, message] of def.validate?.(parsed.data) ?? []) issues.push({ path: joinPath('spec', type, i, field), message });
        for (const role of ['test', 'display', 'transform'] as const) {
          const problem = javascriptProblem(parsed.data[role] as TemplateSpec | undefined, role);
          if (problem) issues.push({ path: joinPath('spec', type, i, role, 'javascript'), message: problem });
        }
      }
    });
  }
  return issues;
}

/** Expands the (validated) spec into checks, in registry order then list order. */
export function expandChecks(doc: CanaryDocument): EngineCheck[] {
  const canary = `${doc.metadata.namespace}/${doc.metadata.name}`;
  const spec = doc.spec;
  const checks: EngineCheck[] = [];
  for (const type of checkTypeNames()) {
    const list = spec[type];
    if (!Array.isArray(list)) continue;
    const def = checkType(type)!;
    list.forEach((raw, index) => {
      const entry = def.schema.parse(raw);
      // Shown to every reader (and the name of an unnamed check): never with credentials in it.
      const endpoint = maskSecretText(def.endpoint(entry));
      const name = str(entry.name) || str(entry.description) || endpoint || `${type}-${index + 1}`;
      const namespace = str(entry.namespace) || doc.metadata.namespace;
      checks.push({
        identity: { canary, type, name },
        key: `${canary}/${type}/${name}`,
        type,
        name,
        description: str(entry.description),
        namespace,
        icon: str(entry.icon),
        labels: { ...doc.metadata.labels, ...((entry.labels as Record<string, string> | undefined) ?? {}) },
        severity: str(entry.severity) || str(spec.severity),
        owner: str(entry.owner) || str(spec.owner),
        endpoint,
        dependsOn: (entry.dependsOn as string[] | undefined) ?? [],
        index,
        spec: entry,
        canary: doc,
      });
    });
  }
  return checks;
}

/** Duplicate identities and broken `dependsOn` (unknown names, cycles), as issues. */
export function validateIdentities(checks: EngineCheck[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const c of checks) {
    if (seen.has(c.key)) issues.push({ path: joinPath('spec', c.type, c.index, 'name'), message: `duplicate check name "${c.name}"` });
    seen.add(c.key);
  }
  const names = new Set(checks.map((c) => c.name));
  for (const c of checks)
    c.dependsOn.forEach((dep, i) => {
      if (!names.has(dep))
        issues.push({
          path: joinPath('spec', c.type, c.index, 'dependsOn', i),
          message: `check "${c.name}" depends on non-existent check "${dep}"`,
        });
    });
  if (issues.length === 0) {
    const cycle = findCycle(checks);
    if (cycle)
      issues.push({
        path: joinPath('spec', cycle.type, cycle.index, 'dependsOn'),
        message: `circular dependency: check "${cycle.name}" depends on itself through dependsOn`,
      });
  }
  return issues;
}

/** Orders checks so that every check comes after those it depends on (stable otherwise). */
export function orderByDependencies(checks: EngineCheck[]): EngineCheck[] {
  const byName = new Map(checks.map((c) => [c.name, c]));
  const done = new Set<EngineCheck>();
  const out: EngineCheck[] = [];
  const visit = (c: EngineCheck, depth: number) => {
    if (done.has(c) || depth > checks.length) return;
    for (const d of c.dependsOn) {
      const dep = byName.get(d);
      if (dep) visit(dep, depth + 1);
    }
    if (!done.has(c)) {
      done.add(c);
      out.push(c);
    }
  };
  for (const c of checks) visit(c, 0);
  return out;
}

function findCycle(checks: EngineCheck[]): EngineCheck | undefined {
  const byName = new Map(checks.map((c) => [c.name, c]));
  const state = new Map<EngineCheck, 'visiting' | 'done'>();
  const visit = (c: EngineCheck): EngineCheck | undefined => {
    if (state.get(c) === 'done') return undefined;
    if (state.get(c) === 'visiting') return c;
    state.set(c, 'visiting');
    for (const d of c.dependsOn) {
      const dep = byName.get(d);
      const found = dep && visit(dep);
      if (found) return found;
    }
    state.set(c, 'done');
    return undefined;
  };
  for (const c of checks) {
    const found = visit(c);
    if (found) return found;
  }
  return undefined;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
