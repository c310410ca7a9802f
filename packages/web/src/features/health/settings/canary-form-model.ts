import type { CanaryRow } from '@ops/shared';
import { CANARY_API_VERSION, CANARY_KIND } from '@ops/shared';
import { parse, stringify } from 'yaml';
import { CHECK_TYPE_KEYS, checkTypeInfo } from './check-types';

/** One check in the editor: form-based types edit `entry`; code-only types edit `yaml`. */
export interface FormCheck {
  uid: string;
  type: string;
  entry: Record<string, unknown>;
  yaml: string;
}

/** The editor's values (react-hook-form); `rest` keeps spec fields the form does not show. */
export interface CanaryFormValues {
  name: string;
  namespace: string;
  icon: string;
  schedule: string;
  labelsText: string;
  checks: FormCheck[];
  rest: Record<string, unknown>;
}

let counter = 0;
/** A key for a check card that survives reordering (React list keys). */
export function newUid(): string {
  counter += 1;
  return `check-${counter}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A new check of a type: an empty named entry, and its YAML for code-only types. */
export function newCheck(type: string): FormCheck {
  const entry = { name: '' };
  return { uid: newUid(), type, entry, yaml: checkTypeInfo(type).form ? '' : 'name: \n' };
}

/** Editor values for a stored canary (or the defaults of a new one). */
export function toFormValues(row?: Pick<CanaryRow, 'name' | 'namespace' | 'labels' | 'spec'>): CanaryFormValues {
  const spec = { ...(row?.spec ?? {}) };
  const checks: FormCheck[] = [];
  for (const [key, value] of Object.entries(spec)) {
    if (!CHECK_TYPE_KEYS.has(key) || !Array.isArray(value)) continue;
    for (const item of value) {
      const entry = isObject(item) ? item : {};
      checks.push({ uid: newUid(), type: key, entry, yaml: checkTypeInfo(key).form ? '' : stringify(entry) });
    }
    delete spec[key];
  }
  const { schedule, icon, ...rest } = spec;
  return {
    name: row?.name ?? '',
    namespace: row?.namespace ?? 'default',
    icon: typeof icon === 'string' ? icon : '',
    schedule: typeof schedule === 'string' && schedule ? schedule : '@every 5m',
    labelsText: JSON.stringify(row?.labels ?? {}, null, 2),
    checks,
    rest,
  };
}

/** Labels from the JSON editor; unparsable text is ignored and gives undefined. */
export function parseLabels(text: string): Record<string, string> | undefined {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (!isObject(parsed)) return undefined;
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    return undefined;
  }
}

/** A code-only check's entry from its YAML; undefined when it does not parse to an object. */
export function parseEntryYaml(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Drops empty strings, empty lists and empty objects a form leaves behind, so the YAML stays clean. */
export function pruneEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneEmpty);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const p = pruneEmpty(v);
    if (p === undefined || p === '' || (Array.isArray(p) && p.length === 0) || (isObject(p) && Object.keys(p).length === 0)) continue;
    out[k] = p;
  }
  return out;
}

/** The canary spec the form describes: the kept fields, schedule, icon and the checks by type. */
export function specFromForm(values: CanaryFormValues): Record<string, unknown> {
  const spec: Record<string, unknown> = { ...values.rest, schedule: values.schedule };
  if (values.icon) spec.icon = values.icon;
  for (const check of values.checks) {
    const entry = checkTypeInfo(check.type).form ? (pruneEmpty(check.entry) as Record<string, unknown>) : parseEntryYaml(check.yaml);
    if (!entry) continue;
    ((spec[check.type] ??= []) as unknown[]).push(entry);
  }
  return spec;
}

/** The whole Canary document for the Code view. */
export function toCanaryYaml(values: CanaryFormValues): string {
  const labels = parseLabels(values.labelsText) ?? {};
  const metadata: Record<string, unknown> = { name: values.name, namespace: values.namespace };
  if (Object.keys(labels).length) metadata.labels = labels;
  return stringify({ apiVersion: CANARY_API_VERSION, kind: CANARY_KIND, metadata, spec: specFromForm(values) });
}

/** Form values from a Canary document typed in the Code view; undefined when it is not one. */
export function fromCanaryYaml(text: string): CanaryFormValues | undefined {
  const doc = parseEntryYaml(text);
  if (!doc || !isObject(doc.metadata) || !isObject(doc.spec)) return undefined;
  const meta = doc.metadata;
  const labels = isObject(meta.labels) ? (meta.labels as Record<string, string>) : {};
  return toFormValues({
    name: typeof meta.name === 'string' ? meta.name : '',
    namespace: typeof meta.namespace === 'string' ? meta.namespace : 'default',
    labels,
    spec: doc.spec,
  });
}
