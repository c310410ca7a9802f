// Reading and validating a Playbook document or a bare spec: the shared zod schema for its shape, then the
// compile checks for its templates and expressions. Errors name each field (`spec.actions[0].exec.script: …`) so
// apply, the spec dialog and /api/db answer 4xx pointing at it.
import { PLAYBOOK_API_VERSION, PLAYBOOK_DEFAULT_CATEGORY, PLAYBOOK_KIND, playbookSpecSchema, type PlaybookSpec } from '@ops/shared';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { compileCheckSpec, type SpecIssue } from './compile-check.js';

export type PlaybookIssue = SpecIssue;

/** A Playbook that cannot be accepted; `issues` name each field. */
export class PlaybookValidationError extends Error {
  constructor(readonly issues: PlaybookIssue[]) {
    super(issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '));
    this.name = 'PlaybookValidationError';
  }
}

export interface PlaybookDocument {
  apiVersion: string;
  kind: 'Playbook';
  metadata: { name: string; namespace: string; labels?: Record<string, string> };
  spec: PlaybookSpec;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A zod issue path as the messages write it: `spec.actions[0].exec.script`. */
export function issuePath(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${String(seg)}` : String(seg)),
    prefix,
  );
}

function zodIssues(error: z.ZodError, prefix: string): PlaybookIssue[] {
  return error.issues.map((i) => ({ path: issuePath(prefix, i.path), message: i.message }));
}

/** Validates a bare spec (the spec dialog, /api/db writes): shape, templates and CEL; throws PlaybookValidationError. */
export function parsePlaybookSpec(spec: unknown, prefix = 'spec'): PlaybookSpec {
  if (!isObject(spec)) throw new PlaybookValidationError([{ path: prefix, message: 'must be an object' }]);
  const parsed = playbookSpecSchema.safeParse(spec);
  if (!parsed.success) throw new PlaybookValidationError(zodIssues(parsed.error, prefix));
  const issues = compileCheckSpec(parsed.data, prefix);
  if (issues.length > 0) throw new PlaybookValidationError(issues);
  return parsed.data;
}

/** Parses and validates a Playbook document (YAML/JSON text or an object); throws PlaybookValidationError. */
export function parsePlaybook(input: unknown): PlaybookDocument {
  const raw: unknown = typeof input === 'string' ? parseYaml(input) : input;
  if (!isObject(raw)) throw new PlaybookValidationError([{ path: '', message: 'a Playbook document must be an object' }]);
  const issues: PlaybookIssue[] = [];
  if (raw.apiVersion !== PLAYBOOK_API_VERSION) issues.push({ path: 'apiVersion', message: `must be ${PLAYBOOK_API_VERSION}` });
  if (raw.kind !== PLAYBOOK_KIND) issues.push({ path: 'kind', message: `must be ${PLAYBOOK_KIND}` });
  const meta = isObject(raw.metadata) ? raw.metadata : undefined;
  if (!meta || typeof meta.name !== 'string' || meta.name.trim() === '') issues.push({ path: 'metadata.name', message: 'is required' });
  else if (meta.name.length > 253) issues.push({ path: 'metadata.name', message: 'must be at most 253 characters' });
  if (meta?.namespace !== undefined && typeof meta.namespace !== 'string')
    issues.push({ path: 'metadata.namespace', message: 'must be a string' });
  if (meta?.labels !== undefined && !(isObject(meta.labels) && Object.values(meta.labels).every((v) => typeof v === 'string')))
    issues.push({ path: 'metadata.labels', message: 'must map names to strings' });
  let spec: PlaybookSpec | undefined;
  try {
    spec = parsePlaybookSpec(raw.spec, 'spec');
  } catch (err) {
    if (!(err instanceof PlaybookValidationError)) throw err;
    issues.push(...err.issues);
  }
  if (issues.length > 0 || !spec || !meta) throw new PlaybookValidationError(issues);
  const namespace = typeof meta.namespace === 'string' && meta.namespace.trim() ? meta.namespace : 'default';
  return {
    apiVersion: PLAYBOOK_API_VERSION,
    kind: PLAYBOOK_KIND,
    metadata: {
      name: meta.name as string,
      namespace,
      ...(isObject(meta.labels) ? { labels: meta.labels as Record<string, string> } : {}),
    },
    spec,
  };
}

/** The columns copied out of a spec: title (default the playbook's name), category (default Other), icon, description. */
export function playbookSummary(
  name: string,
  spec: PlaybookSpec,
): { title: string; category: string; icon: string | null; description: string | null } {
  return {
    title: spec.title?.trim() || name,
    category: spec.category?.trim() || PLAYBOOK_DEFAULT_CATEGORY,
    icon: spec.icon?.trim() || null,
    description: spec.description ?? null,
  };
}
