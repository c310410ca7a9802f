import { can, type ResourceApplyProblem } from '@ops/shared';
import { HttpError } from '../../http/errors.js';
import type { Principal } from '../identity/index.js';
import type { KindRegistry, SupportedKind } from './kind-registry.js';
import type { RawDocument } from './parse-documents.js';

/** A validated document, ready to apply: `doc` is the output of its kind's schema. */
export interface PlannedDocument {
  index: number;
  line: number | null;
  kind: SupportedKind<never>;
  doc: never;
  name: string;
}

/** One thing wrong with one document; the apply answer lists them all in `details` (the wire shape is @ops/shared's). */
export type DocumentProblem = ResourceApplyProblem;

const MAX_IN_MESSAGE = 10;

/**
 * Check every document before anything is written: kind known and supported, apiVersion, the
 * caller's write permission, the kind's schema, no duplicates. Throws one HttpError naming every
 * problem (document index, line, kind, name, field); its status is that of the first problem.
 */
export function planDocuments(docs: readonly RawDocument[], registry: KindRegistry, principal: Principal): PlannedDocument[] {
  const problems: DocumentProblem[] = [];
  const planned: PlannedDocument[] = [];
  const seen = new Map<string, number>();
  for (const raw of docs) {
    const checked = checkDocument(raw, registry, principal, problems);
    if (!checked) continue;
    const namespace = checked.kind.namespaced
      ? ((checked.doc as { metadata: { namespace?: string } }).metadata.namespace ?? 'default')
      : '';
    const key = `${checked.kind.kind}/${namespace}/${checked.name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(problem(400, raw, checked.kind.kind, checked.name, null, `duplicates document ${first}`));
      continue;
    }
    seen.set(key, raw.index);
    planned.push(checked);
  }
  if (problems.length > 0) throw problemsError(problems);
  return planned;
}

function checkDocument(
  raw: RawDocument,
  registry: KindRegistry,
  principal: Principal,
  problems: DocumentProblem[],
): PlannedDocument | undefined {
  const value = raw.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(problem(400, raw, null, null, null, 'must be a mapping with apiVersion, kind, metadata and spec'));
    return undefined;
  }
  const v = value as { kind?: unknown; apiVersion?: unknown; metadata?: { name?: unknown } };
  const name = typeof v.metadata?.name === 'string' ? v.metadata.name : null;
  if (typeof v.kind !== 'string' || !v.kind) {
    problems.push(problem(400, raw, null, name, 'kind', 'is required'));
    return undefined;
  }
  const entry = registry.forDocument(v.kind);
  if (!entry) {
    const hint = registry.suggest(v.kind);
    problems.push(problem(400, raw, v.kind, name, 'kind', `unknown kind ${v.kind}${hint ? ` (did you mean ${hint}?)` : ''}`));
    return undefined;
  }
  if (typeof v.apiVersion !== 'string' || !entry.apiVersions.includes(v.apiVersion)) {
    const got = typeof v.apiVersion === 'string' ? `${v.apiVersion} is not an apiVersion of ${entry.kind}` : 'is required';
    problems.push(problem(400, raw, entry.kind, name, 'apiVersion', `${got} (expected ${entry.apiVersions.join(' or ')})`));
    return undefined;
  }
  if (!can(principal.roles, entry.resource, 'write')) {
    problems.push(
      problem(
        403,
        raw,
        entry.kind,
        name,
        null,
        `Forbidden: roles ${principal.roles.join(', ')} may not write ${entry.kind} (resource ${entry.resource})`,
      ),
    );
    return undefined;
  }
  if (!entry.supported) {
    problems.push(problem(422, raw, entry.kind, name, 'kind', `kind ${entry.kind} is not supported by this server yet`));
    return undefined;
  }
  const parsed = entry.schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(problem(400, raw, entry.kind, name, fieldPath(issue.path), issue.message));
    return undefined;
  }
  const doc = parsed.data;
  return { index: raw.index, line: raw.line ?? null, kind: entry, doc, name: (doc as { metadata: { name: string } }).metadata.name };
}

function problem(
  status: number,
  raw: RawDocument,
  kind: string | null,
  name: string | null,
  field: string | null,
  message: string,
): DocumentProblem {
  return { status, document: raw.index, line: raw.line ?? null, kind, name, field, message };
}

/** `spec.items[2].name` from a zod issue path. */
function fieldPath(path: readonly PropertyKey[]): string | null {
  const out = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
  return out || null;
}

/** How a problem reads in a message: `document 2 at line 5 (FeatureFlag a.b): spec.value: …`. */
export function describeProblem(p: DocumentProblem): string {
  const where = `document ${p.document}${p.line !== null ? ` at line ${p.line}` : ''}`;
  const what = p.kind ? ` (${p.kind}${p.name !== null ? ` ${p.name}` : ''})` : '';
  // "unknown kind Foo" names its field already; "spec.value: Invalid input" needs it.
  const field = p.field && !p.message.split(' ').includes(p.field) ? `${p.field}: ` : '';
  return `${where}${what}: ${field}${p.message}`;
}

function problemsError(problems: DocumentProblem[]): HttpError {
  const shown = problems.slice(0, MAX_IN_MESSAGE).map(describeProblem);
  const more = problems.length > MAX_IN_MESSAGE ? `; and ${problems.length - MAX_IN_MESSAGE} more` : '';
  return new HttpError(problems[0]!.status, shown.join('; ') + more, problems);
}
