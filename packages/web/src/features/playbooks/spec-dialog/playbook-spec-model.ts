// The Create/Edit Playbook Spec dialog's values and what a save writes: Title, and the spec as YAML (a whole
// mission-control Playbook document may be pasted; its spec and metadata.name are used).
import { PLAYBOOK_DEFAULT_CATEGORY } from '@ops/shared';
import { parse, stringify } from 'yaml';
import type { PlaybookRow, PlaybookWrite } from '../api/playbooks-api';

/** What a new playbook's spec starts with: one exec action to rename. */
export const NEW_PLAYBOOK_SPEC = `description: What this playbook does
category: ${PLAYBOOK_DEFAULT_CATEGORY}
parameters:
  - name: message
    label: Message
    default: Hello
actions:
  - name: echo
    exec:
      script: echo "{{.params.message}}"
`;

export interface PlaybookSpecValues {
  title: string;
  specText: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The dialog's starting values: the stored playbook, or an empty title and the starter spec. */
export function toSpecValues(row: Pick<PlaybookRow, 'title' | 'spec'> | undefined): PlaybookSpecValues {
  if (!row) return { title: '', specText: NEW_PLAYBOOK_SPEC };
  const { title: _title, ...spec } = row.spec;
  void _title;
  return { title: row.title, specText: Object.keys(spec).length ? stringify(spec) : '' };
}

/** The YAML as an object and, for a pasted Playbook document, its metadata.name; an error text when it is not one. */
export function parsePlaybookText(text: string): { spec: Record<string, unknown>; name?: string } | { error: string } {
  if (!text.trim()) return { error: 'Spec is required' };
  let value: unknown;
  try {
    value = parse(text);
  } catch (e) {
    return { error: `Spec is not valid YAML: ${(e as Error).message.split('\n')[0]}` };
  }
  if (!isObject(value)) return { error: 'Spec must be a YAML object' };
  if (value.kind === 'Playbook' && isObject(value.spec)) {
    const meta = isObject(value.metadata) ? value.metadata : {};
    return { spec: value.spec, ...(typeof meta.name === 'string' && meta.name ? { name: meta.name } : {}) };
  }
  return { spec: value };
}

/** A playbook name from its title: lowercase letters, digits and hyphens ('Restart Pod!' → 'restart-pod'). */
export function nameFromTitle(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 63) || 'playbook'
  );
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The row a save writes: the Title is the title (also written into the spec, so the two never disagree);
 * category, description and icon come from the spec; a new playbook's name from the document or the title.
 */
export function playbookWriteOf(values: PlaybookSpecValues, isNew: boolean): PlaybookWrite {
  const parsed = parsePlaybookText(values.specText);
  if ('error' in parsed) throw new Error(parsed.error);
  const title = values.title.trim();
  const spec: Record<string, unknown> = { ...parsed.spec, title };
  return {
    ...(isNew ? { name: parsed.name ?? nameFromTitle(title) } : {}),
    title,
    spec,
    category: text(spec.category) ?? PLAYBOOK_DEFAULT_CATEGORY,
    description: text(spec.description) ?? null,
    icon: text(spec.icon) ?? null,
  };
}
