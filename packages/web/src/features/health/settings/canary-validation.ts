import { checkEntrySchema, MESSAGES } from '@ops/shared';
import { parse } from 'yaml';
import { formatSchemaPath, schemaProblems } from '../../../components/code-editor/schema-problems';
import type { CanaryFormValues } from './canary-form-model';
import { CHECK_FIELDS, type FieldDef } from './check-fields';
import { checkTypeInfo } from './check-types';

/** Problems by field path ('name', 'checks.0.entry.url', 'checks.2.yaml'). */
export type FormErrors = Record<string, string>;

export const NUMBER_ERROR = 'This field must be a number';
export const NO_CHECKS_ERROR = 'Add at least one check';

/** Reads a dotted path of an object ('filter.regex'). */
export function getPath(obj: unknown, path: string): unknown {
  let node: unknown = obj;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** One field's problem: required, number and minimum rules. */
export function fieldError(def: FieldDef, value: unknown): string | undefined {
  if (def.required && isEmpty(value)) return MESSAGES.required;
  if (def.kind !== 'number' || isEmpty(value)) return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) return NUMBER_ERROR;
  if (def.min !== undefined && n < def.min) return `Must be ${def.min} or more`;
  return undefined;
}

/** Secret and config-map references need a name and a key. */
function secretErrors(value: unknown, path: string, out: FormErrors): void {
  const from = getPath(value, 'valueFrom');
  for (const kind of ['secretKeyRef', 'configMapKeyRef']) {
    const ref = getPath(from, kind);
    if (!ref) continue;
    for (const key of ['name', 'key']) if (isEmpty(getPath(ref, key))) out[`${path}.valueFrom.${kind}.${key}`] = MESSAGES.required;
  }
}

function formCheckErrors(type: string, entry: Record<string, unknown>, prefix: string, out: FormErrors): void {
  for (const def of CHECK_FIELDS[type] ?? []) {
    if (def.showIf && !def.showIf(entry)) continue;
    const value = getPath(entry, def.path);
    const error = fieldError(def, value);
    if (error) out[`${prefix}.${def.path}`] = error;
    if (def.kind === 'secret') secretErrors(value, `${prefix}.${def.path}`, out);
    if (def.kind === 'headers' && Array.isArray(value))
      value.forEach((h, i) => isEmpty(getPath(h, 'name')) && (out[`${prefix}.${def.path}.${i}.name`] = MESSAGES.required));
  }
  for (const key of ['username', 'password'])
    if (!(CHECK_FIELDS[type] ?? []).some((d) => d.path === key)) secretErrors(entry[key], `${prefix}.${key}`, out);
}

/** A code-only check's YAML: it must parse to a map that satisfies the type's zod schema (the server's). */
export function yamlCheckError(type: string, text: string): string | undefined {
  let value: unknown;
  try {
    value = parse(text);
  } catch (e) {
    return (e as Error).message.split('\n')[0];
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'The check must be a YAML map, e.g. name: my-check';
  const problem = schemaProblems(checkEntrySchema(type), value)[0];
  return problem ? `${problem.path.length ? `${formatSchemaPath(problem.path)}: ` : ''}${problem.message}` : undefined;
}

/** Every problem of the editor's values; empty when it can be saved. */
export function validateCanaryForm(values: CanaryFormValues): FormErrors {
  const out: FormErrors = {};
  if (isEmpty(values.name)) out.name = MESSAGES.required;
  if (values.checks.length === 0) out.checks = NO_CHECKS_ERROR;
  values.checks.forEach((check, i) => {
    if (checkTypeInfo(check.type).form) formCheckErrors(check.type, check.entry, `checks.${i}.entry`, out);
    else {
      const error = yamlCheckError(check.type, check.yaml);
      if (error) out[`checks.${i}.yaml`] = error;
    }
  });
  return out;
}

/** The errors in react-hook-form's nested shape ({checks: {0: {entry: {url: {type, message}}}}}). */
export function toResolverErrors(errors: FormErrors): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split('.');
    let node = out;
    parts.slice(0, -1).forEach((p) => (node = (node[p] ??= {}) as Record<string, unknown>));
    node[parts.at(-1)!] = { type: 'validate', message };
  }
  return out;
}
