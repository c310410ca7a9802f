import { MESSAGES } from '@ops/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { parse, stringify } from 'yaml';
import type { ZodType } from 'zod';
import { computeDiagnostics } from '../../components/code-editor/diagnostics';
import type { EditorLanguage } from '../../components/code-editor';

/** The editor's values: the row's own columns, its labels as JSON text and its spec as YAML or JSON text. */
export interface SpecFormValues {
  name: string;
  namespace: string;
  icon: string;
  labelsText: string;
  specText: string;
  language: EditorLanguage;
}

/** What a stored row gives the form (topologies have namespace and icon; log backends neither). */
export interface SpecRowLike {
  name: string;
  namespace?: string | null;
  icon?: string | null;
  labels?: Record<string, string> | null;
  spec?: Record<string, unknown> | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The spec object as text in a language (YAML by default; '' for an empty spec). */
export function specToText(spec: Record<string, unknown> | null | undefined, language: EditorLanguage): string {
  if (!spec || Object.keys(spec).length === 0) return '';
  return language === 'json' ? `${JSON.stringify(spec, null, 2)}\n` : stringify(spec);
}

/** The form's starting values: the stored row, or a new one with the namespace default and a starter spec. */
export function toSpecFormValues(row: SpecRowLike | undefined, starter: string, language: EditorLanguage = 'yaml'): SpecFormValues {
  return {
    name: row?.name ?? '',
    namespace: row?.namespace ?? 'default',
    icon: row?.icon ?? '',
    labelsText: JSON.stringify(row?.labels ?? {}, null, 2),
    specText: row ? specToText(row.spec, language) : starter,
    language,
  };
}

/** Labels from their JSON text; undefined when it is not a JSON object. Values are kept as text. */
export function parseLabels(text: string): Record<string, string> | undefined {
  try {
    const parsed: unknown = JSON.parse(text.trim() || '{}');
    if (!isObject(parsed)) return undefined;
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    return undefined;
  }
}

/** The spec from its text (YAML also reads JSON); undefined when it is not one object. */
export function parseSpecText(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Rewrites the spec text in the other language; text that does not parse is left as it is. */
export function convertSpecText(text: string, to: EditorLanguage): string {
  const spec = parseSpecText(text);
  return spec ? specToText(spec, to) : text;
}

export interface SpecFormRules {
  /** The schema the spec (or, for `documentSchema`, the whole document) must satisfy. */
  specSchema: ZodType;
  /** Picks another schema for a text, e.g. a whole Topology document pasted instead of its spec. */
  schemaFor?: (text: string) => ZodType;
  /** Whether an empty name is allowed because the spec text carries one (metadata.name). */
  nameFromSpec?: (text: string) => string | undefined;
}

/** Problems of the form's values, keyed by field; empty when it may be saved. */
export function specFormErrors(values: SpecFormValues, rules: SpecFormRules): Partial<Record<keyof SpecFormValues, string>> {
  const errors: Partial<Record<keyof SpecFormValues, string>> = {};
  if (!values.name.trim() && !rules.nameFromSpec?.(values.specText)) errors.name = MESSAGES.required;
  if (!parseLabels(values.labelsText)) errors.labelsText = 'Labels must be a JSON map of names to values';
  if (!values.specText.trim()) errors.specText = 'The spec is required';
  else {
    const schema = rules.schemaFor?.(values.specText) ?? rules.specSchema;
    const problem = computeDiagnostics(values.specText, values.language, schema).find((d) => d.severity === 'error');
    if (problem) errors.specText = `Line ${problem.line}: ${problem.message}`;
  }
  return errors;
}

/** A react-hook-form resolver over specFormErrors (validation on blur and change comes from the form's mode). */
export function specFormResolver(rules: SpecFormRules): Resolver<SpecFormValues> {
  return (values) => {
    const found = specFormErrors(values, rules);
    const entries = Object.entries(found);
    if (!entries.length) return { values, errors: {} };
    const errors = Object.fromEntries(entries.map(([k, message]) => [k, { type: 'validate', message }])) as FieldErrors<SpecFormValues>;
    return { values: {}, errors };
  };
}
