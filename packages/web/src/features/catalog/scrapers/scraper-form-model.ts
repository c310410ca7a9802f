import { MESSAGES, SCRAPE_CONFIG_API_VERSION, SCRAPE_CONFIG_KIND, SCRAPE_DURATION_PATTERN } from '@ops/shared';
import { parse, stringify } from 'yaml';
import { SCRAPER_TYPE_KEYS, scraperTypeInfo, type ScraperField } from './scraper-types';

/** One row of Retention › Changes (count kept as typed; numbers are made on the way out). */
export interface RetentionChangeRow {
  name: string;
  age: string;
  count: string;
}

/** One row of Retention › Types. */
export interface RetentionTypeRow {
  name: string;
  createdAge: string;
  updatedAge: string;
  deletedAge: string;
}

/**
 * The Form tab's values (react-hook-form): one entry of a form-based type. The `*Rest` parts keep what
 * the form does not show (other spec settings, entry fields, metadata), so Form ↔ Code loses nothing.
 */
export interface ScraperFormValues {
  name: string;
  namespace: string;
  /** '' leaves the schedule out (the server's default). */
  schedule: string;
  type: string;
  fields: Record<string, string>;
  entryRest: Record<string, unknown>;
  retentionOn: boolean;
  retention: { changes: RetentionChangeRow[]; types: RetentionTypeRow[] };
  retentionRest: Record<string, unknown>;
  rest: Record<string, unknown>;
  metaRest: Record<string, unknown>;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A field's form text from an entry value; undefined when the value has another shape (kept as is). */
function fieldText(field: ScraperField, value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (field.kind === 'list') return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.join('\n') : undefined;
  if (field.kind === 'number') return typeof value === 'number' ? String(value) : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** A field's entry value from its form text; undefined when empty (the key is left out). */
function fieldValue(field: ScraperField, raw: string): unknown {
  if (field.kind === 'list') {
    const items = raw
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    return items.length ? items : undefined;
  }
  if (raw.trim() === '') return undefined;
  if (field.kind === 'number') return Number(raw.trim());
  return field.kind === 'textarea' ? raw : raw.trim();
}

/** Form values from one entry of a form-based type and the document around it. */
function valuesFrom(type: string, entry: Obj, spec: Obj, metadata: Obj): ScraperFormValues {
  const info = scraperTypeInfo(type);
  const fields: Record<string, string> = {};
  const entryRest: Obj = { ...entry };
  for (const field of info?.fields ?? []) {
    const value = fieldText(field, entry[field.key]);
    fields[field.key] = value ?? '';
    if (value !== undefined) delete entryRest[field.key];
  }
  const { schedule, retention, [type]: _entries, ...rest } = spec;
  const { name, namespace, ...metaRest } = metadata;
  const ret = isObject(retention) ? retention : undefined;
  const { changes, types, ...retentionRest } = ret ?? {};
  return {
    name: text(name),
    namespace: text(namespace) || 'default',
    schedule: text(schedule),
    type,
    fields,
    entryRest,
    retentionOn: !!ret,
    retention: {
      changes: (Array.isArray(changes) ? changes : [])
        .filter(isObject)
        .map((c) => ({ name: text(c.name), age: text(c.age), count: text(c.count) })),
      types: (Array.isArray(types) ? types : []).filter(isObject).map((t) => ({
        name: text(t.name),
        createdAge: text(t.createdAge),
        updatedAge: text(t.updatedAge),
        deletedAge: text(t.deletedAge),
      })),
    },
    retentionRest,
    rest,
    metaRest,
  };
}

/** Values of a new scraper of a form-based type: its starter entry and default schedule. */
export function newScraperValues(type: string): ScraperFormValues {
  const info = scraperTypeInfo(type);
  return valuesFrom(type, { ...(info?.starter ?? {}) }, { schedule: info?.schedule ?? '' }, { name: '', namespace: 'default' });
}

/** The starter document of a new scraper of any type, as the Code tab shows it. */
export function starterYaml(type: string): string {
  const info = scraperTypeInfo(type);
  return stringify({
    apiVersion: SCRAPE_CONFIG_API_VERSION,
    kind: SCRAPE_CONFIG_KIND,
    metadata: { name: 'new-scraper', namespace: 'default' },
    spec: { schedule: info?.schedule ?? '@hourly', [type]: [info?.starter ?? {}] },
  });
}

/** The ScrapeConfig document the form describes. */
export function toScraperDocument(values: ScraperFormValues): Obj {
  const info = scraperTypeInfo(values.type);
  const entry: Obj = {};
  for (const field of info?.fields ?? []) {
    const value = fieldValue(field, values.fields[field.key] ?? '');
    if (value !== undefined) entry[field.key] = value;
  }
  const spec: Obj = {};
  if (values.schedule) spec.schedule = values.schedule;
  Object.assign(spec, values.rest);
  spec[values.type] = [{ ...entry, ...values.entryRest }];
  if (values.retentionOn) {
    const retention: Obj = { ...values.retentionRest };
    const changes = values.retention.changes.map((c) => {
      const row: Obj = { name: c.name.trim() };
      if (c.age.trim()) row.age = c.age.trim();
      if (c.count.trim()) row.count = Number(c.count.trim());
      return row;
    });
    const types = values.retention.types.map((t) => {
      const row: Obj = { name: t.name.trim() };
      for (const key of ['createdAge', 'updatedAge', 'deletedAge'] as const) if (t[key].trim()) row[key] = t[key].trim();
      return row;
    });
    if (changes.length) retention.changes = changes;
    if (types.length) retention.types = types;
    spec.retention = retention;
  }
  return {
    apiVersion: SCRAPE_CONFIG_API_VERSION,
    kind: SCRAPE_CONFIG_KIND,
    metadata: { name: values.name.trim(), namespace: values.namespace.trim() || 'default', ...values.metaRest },
    spec,
  };
}

/** The form's document as the Code tab's YAML. */
export function toScraperYaml(values: ScraperFormValues): string {
  return stringify(toScraperDocument(values));
}

/** The spec keys of a document that hold scraper entries (lists under a known type key). */
function scraperKeys(spec: Obj): string[] {
  return Object.keys(spec).filter((key) => SCRAPER_TYPE_KEYS.has(key) && Array.isArray(spec[key]));
}

/**
 * Form values from a ScrapeConfig YAML, or why the form cannot show it: the form edits a document with
 * one entry of one form-based type.
 */
export function fromScraperYaml(yaml: string): { values: ScraperFormValues } | { error: string } {
  let doc: unknown;
  try {
    doc = parse(yaml);
  } catch (err) {
    return { error: `The YAML does not parse: ${(err as Error).message.split('\n')[0]}` };
  }
  if (!isObject(doc) || !isObject(doc.metadata) || !isObject(doc.spec))
    return { error: 'The YAML must be a ScrapeConfig with metadata and spec' };
  const spec = doc.spec;
  const keys = scraperKeys(spec);
  const entries = keys.flatMap((k) => spec[k] as unknown[]);
  if (keys.length !== 1 || entries.length !== 1 || !isObject(entries[0]))
    return {
      error:
        'The form edits one scraper entry; this spec has ' +
        (entries.length ? `${entries.length} entries` : 'none') +
        ': keep editing it as code',
    };
  const type = keys[0]!;
  if (!scraperTypeInfo(type)?.fields) return { error: `${scraperTypeInfo(type)?.label ?? type} scrapers are edited as code` };
  return { values: valuesFrom(type, entries[0], spec, doc.metadata) };
}

/** The form-based type of a stored document, when the Form tab can show it; undefined opens the Code tab. */
export function formTypeOf(yaml: string): string | undefined {
  const result = fromScraperYaml(yaml);
  return 'values' in result ? result.values.type : undefined;
}

const DURATION_MESSAGE = 'must be a duration such as 72h, 8d or 30m';
const wholeNumber = (s: string, min: number) => /^\d+$/.test(s.trim()) && Number(s.trim()) >= min;

/** The form's problems by field path ('fields.clusterName', 'retention.changes.0.age'); empty when valid. */
export function validateScraperForm(values: ScraperFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = MESSAGES.required;
  for (const field of scraperTypeInfo(values.type)?.fields ?? []) {
    const raw = values.fields[field.key] ?? '';
    const path = `fields.${field.key}`;
    if (field.required && raw.trim() === '') errors[path] = MESSAGES.required;
    else if (field.kind === 'number' && raw.trim() !== '' && !wholeNumber(raw, 1)) errors[path] = 'must be a whole number of 1 or more';
  }
  const connection = values.fields.connection?.trim();
  if (values.type === 'sql' && connection && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(connection))
    errors['fields.connection'] = 'must be a connection://namespace/name reference or a URL';
  if (!values.retentionOn) return errors;
  values.retention.changes.forEach((row, i) => {
    const at = `retention.changes.${i}`;
    if (!row.name.trim()) errors[`${at}.name`] = MESSAGES.required;
    if (row.age.trim() && !SCRAPE_DURATION_PATTERN.test(row.age)) errors[`${at}.age`] = DURATION_MESSAGE;
    if (row.count.trim() && !wholeNumber(row.count, 0)) errors[`${at}.count`] = 'must be a whole number';
  });
  values.retention.types.forEach((row, i) => {
    const at = `retention.types.${i}`;
    if (!row.name.trim()) errors[`${at}.name`] = MESSAGES.required;
    for (const key of ['createdAge', 'updatedAge', 'deletedAge'] as const)
      if (row[key].trim() && !SCRAPE_DURATION_PATTERN.test(row[key])) errors[`${at}.${key}`] = DURATION_MESSAGE;
  });
  return errors;
}

/** react-hook-form's nested error objects from the paths validateScraperForm gives. */
export function toResolverErrors(errors: Record<string, string>): Obj {
  const out: Obj = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Obj;
    node[parts.at(-1)!] = { type: 'validate', message };
  }
  return out;
}
